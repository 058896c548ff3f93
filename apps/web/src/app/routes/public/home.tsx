import { Box, Button, Container, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';

import { PageGrid } from '@/components/ui/page-grid';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/use-page-meta';

import { FeedbackSection } from './home-feedback';

import classes from './home.module.css';

const HIGHLIGHT_KEYS = [
  'home.hero.highlights.homesAndBusinesses',
  'home.hero.highlights.bookOnline',
  'home.hero.highlights.timeSlots',
] as const;

export function HomeRoute() {
  usePageMeta('home');
  return (
    <>
      <Hero />
      <FeedbackSection />
    </>
  );
}

function Hero() {
  const { t } = useTranslation();
  return (
    <Box component="section" className={classes.hero} aria-labelledby="home-hero-title">
      <Container size="lg" py={{ base: 48, sm: 88 }} className={classes.content}>
        <PageGrid layout="halves" gap="40px" gapMd="64px" rowGap="40px">
          <Stack gap="lg" justify="center">
            <Text component="p" size="sm" fw={700} tt="uppercase" className={classes.eyebrow}>
              {t('home.hero.eyebrow')}
            </Text>
            <Title order={1} id="home-hero-title" className={classes.title}>
              {t('home.hero.title')}
            </Title>
            <Text size="lg" maw={560}>
              {t('home.hero.text')}
            </Text>
            <Group>
              {/* The spec's words, then what they lead to for search engines and screen readers. */}
              <Button component={Link} to={paths.aboutUs.getHref()} size="md">
                {t('home.hero.learnMore')}
                <VisuallyHidden> {t('home.hero.learnMoreAbout')}</VisuallyHidden>
              </Button>
            </Group>
          </Stack>

          <Stack justify="center">
            <div className={classes.highlights}>
              <Title order={2} size="h4" mb="md">
                {t('home.hero.highlightsLabel')}
              </Title>
              <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
                {HIGHLIGHT_KEYS.map((key) => (
                  <Group component="li" key={key} gap="sm" wrap="nowrap">
                    <span className={classes.highlightIcon} aria-hidden="true">
                      <IconCheck size={18} stroke={2.5} />
                    </span>
                    <Text fw={600}>{t(key)}</Text>
                  </Group>
                ))}
              </Stack>
            </div>
          </Stack>
        </PageGrid>
      </Container>
    </Box>
  );
}
