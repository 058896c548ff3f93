import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';

import { paths } from '@/config/paths';

/** Shown by the booking steps when no service was chosen: a way back to the catalogue. */
export function NoServicesSelected({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        <Alert color="blue" title={t('booking.noServices.title')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('booking.noServices.text')}</Text>
            <Button component={Link} to={paths.services.getHref()} size="xs">
              {t('booking.noServices.link')}
            </Button>
          </Stack>
        </Alert>
      </Stack>
    </Container>
  );
}
