import {
  Box,
  Button,
  Container,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconHeartHandshake, IconLeaf, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';

import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/use-page-meta';

const VALUES = [
  { key: 'care', icon: IconHeartHandshake },
  { key: 'trust', icon: IconShieldCheck },
  { key: 'green', icon: IconLeaf },
] as const;

const STEPS = ['choose', 'schedule', 'confirm', 'relax'] as const;

export function AboutUsRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('aboutUs');

  return (
    <Container size="lg" py={{ base: 'xl', sm: 48 }}>
      <Stack gap={56}>
        <Stack gap="md" maw={760}>
          <Title order={1}>{title}</Title>
          <Text size="lg">{t('about.lead')}</Text>
          <Text>{t('about.story')}</Text>
        </Stack>

        <Box component="section" aria-labelledby="about-values">
          <Title order={2} id="about-values" mb="lg">
            {t('about.values.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {VALUES.map(({ key, icon: Icon }) => (
              <Paper key={key} withBorder radius="md" p="lg">
                <ThemeIcon size="xl" radius="xl" variant="light" mb="md" aria-hidden="true">
                  <Icon size={24} />
                </ThemeIcon>
                <Title order={3} size="h4" mb="xs">
                  {t(`about.values.${key}.title`)}
                </Title>
                <Text c="dimmed">{t(`about.values.${key}.text`)}</Text>
              </Paper>
            ))}
          </SimpleGrid>
        </Box>

        <Box component="section" aria-labelledby="about-area">
          <Title order={2} id="about-area" mb="sm">
            {t('about.area.title')}
          </Title>
          <Text maw={760}>{t('about.area.text')}</Text>
        </Box>

        <Box component="section" aria-labelledby="about-steps">
          <Title order={2} id="about-steps" mb="lg">
            {t('about.steps.title')}
          </Title>
          <List type="ordered" spacing="md" listStyleType="decimal" withPadding>
            {STEPS.map((step) => (
              <List.Item key={step}>
                <Text fw={700} span>
                  {t(`about.steps.${step}.title`)}
                </Text>{' '}
                <Text span c="dimmed">
                  {t(`about.steps.${step}.text`)}
                </Text>
              </List.Item>
            ))}
          </List>
        </Box>

        <Paper radius="lg" p={{ base: 'lg', sm: 'xl' }} bg="eclat.6" c="white">
          <Stack gap="md" align="flex-start">
            <Title order={2} c="white">
              {t('about.cta.title')}
            </Title>
            <Text c="white">{t('about.cta.text')}</Text>
            <Button component={Link} to={paths.services.getHref()} variant="white" size="md">
              {t('about.cta.button')}
            </Button>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
