import { Container, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

import classes from './footer.module.css';

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        <Group justify="space-between" align="flex-end" gap="lg">
          <Stack gap={6}>
            <span className={classes.brand}>
              <img src="/logo-mark.svg" alt="" className={classes.logo} width={32} height={32} />
              {t('brand.name')}
            </span>
            <Text size="sm" className={classes.muted}>
              {t('footer.tagline')}
            </Text>
          </Stack>
          <Text size="sm" className={classes.muted}>
            {t('footer.copyright', { year })}
          </Text>
        </Group>
      </Container>
    </footer>
  );
}
