import {
  Box,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';

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
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 40, md: 64 }} verticalSpacing={40}>
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
              <Button component={Link} to={paths.aboutUs.getHref()} size="md">
                {t('home.hero.learnMore')}
              </Button>
            </Group>
          </Stack>

          <Stack justify="center">
            <Paper radius="lg" p={{ base: 'lg', sm: 'xl' }} className={classes.highlights}>
              <Title order={2} size="h4" mb="md">
                {t('home.hero.highlightsLabel')}
              </Title>
              <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
                {HIGHLIGHT_KEYS.map((key) => (
                  <Group component="li" key={key} gap="sm" wrap="nowrap">
                    <ThemeIcon radius="xl" size="md" className={classes.highlightIcon} aria-hidden="true">
                      <IconCheck size={18} stroke={2.5} />
                    </ThemeIcon>
                    <Text fw={600}>{t(key)}</Text>
                  </Group>
                ))}
              </Stack>
            </Paper>
          </Stack>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
