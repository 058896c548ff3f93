import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useParams } from 'react-router';
import { Link } from '@/lib/navigation';

import { paths } from '@/config/paths';
import { useService } from '@/features/services/api/get-service';
import { useUpdateService } from '@/features/services/api/update-service';
import { ServiceForm } from '@/features/services/components/service-form';
import { ServiceDepositSection } from '@/features/payments/components/service-deposit-form';
import { ServiceChecklistEditor } from '@/features/services/components/service-checklist-editor';
import { FormPage } from '@/components/ui/form-page';
import { toServerFieldErrors, toServiceFormValues } from '@/features/services/service-form-values';
import { isApiError } from '@/lib/api-client';
import { usePageMeta } from '@/lib/use-page-meta';

const FETCH_FAILED_TOAST_ID = 'service-fetch-failed';

export function EditServiceRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('editService');
  const navigate = useNavigate();
  const serviceId = useParams().serviceId ?? '';
  const service = useService(serviceId);
  const update = useUpdateService();
  const serverErrors =
    isApiError(update.error) && update.error.status === 400
      ? toServerFieldErrors(update.error.details)
      : undefined;

  useEffect(() => {
    if (service.isError) {
      notifications.show({
        id: FETCH_FAILED_TOAST_ID,
        color: 'red',
        message: t('services.form.fetchFailed'),
      });
    }
  }, [service.isError, t]);

  let body;
  if (service.isPending) {
    body = (
      <Center py="xl" role="status" aria-live="polite">
        <Stack align="center" gap="sm">
          <Loader aria-hidden="true" />
          <Text>{t('services.form.loading')}</Text>
        </Stack>
      </Center>
    );
  } else if (service.isError) {
    body = (
      <Alert color="red" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('services.form.fetchFailed')}</Text>
          <Button component={Link} to={paths.services.getHref()} variant="default" size="xs">
            {t('services.form.backToServices')}
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    body = (
      <ServiceForm
        // A fresh form for another service; a background refetch never overwrites what is being typed.
        key={service.data.serviceId}
        mode="edit"
        initialValues={toServiceFormValues(service.data)}
        submitLabel={t('services.form.submit')}
        isSubmitting={update.isPending}
        serverErrors={serverErrors}
        serverDetails={
          isApiError(update.error) && update.error.status === 400 ? update.error.details : undefined
        }
        onCancel={() => void navigate(paths.services.getHref())}
        onSubmit={(input) => {
          update.mutate(
            { serviceId, input },
            {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: t('services.form.updated') });
                void navigate(paths.services.getHref());
              },
              onError: () => {
                notifications.show({ color: 'red', message: t('services.form.updateFailed') });
              },
            },
          );
        }}
      />
    );
  }

  return (
    <FormPage title={title} intro={t('services.form.editIntro')}>
      {body}
      {service.isSuccess && <ServiceDepositSection serviceId={service.data.serviceId} />}
      {service.isSuccess && <ServiceChecklistEditor serviceId={service.data.serviceId} />}
    </FormPage>
  );
}
