import { notifications } from '@mantine/notifications';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { useCreateService } from '@/features/services/api/create-service';
import { ServiceForm } from '@/features/services/components/service-form';
import { FormPage } from '@/components/ui/form-page';
import { EMPTY_SERVICE_FORM, toServerFieldErrors } from '@/features/services/service-form-values';
import { isApiError } from '@/lib/api-client';
import { usePageMeta } from '@/lib/use-page-meta';

export function AddServiceRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('addService');
  const navigate = useNavigate();
  const create = useCreateService();
  const serverErrors =
    isApiError(create.error) && create.error.status === 400
      ? toServerFieldErrors(create.error.details)
      : undefined;

  return (
    <FormPage title={title} intro={t('services.form.addIntro')}>
      <ServiceForm
        mode="create"
        initialValues={EMPTY_SERVICE_FORM}
        submitLabel={t('services.form.create')}
        isSubmitting={create.isPending}
        serverErrors={serverErrors}
        serverDetails={
          isApiError(create.error) && create.error.status === 400 ? create.error.details : undefined
        }
        onCancel={() => void navigate(paths.services.getHref())}
        onSubmit={(input) => {
          create.mutate(input, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: t('services.form.created') });
              void navigate(paths.services.getHref());
            },
            onError: () => {
              notifications.show({ color: 'red', message: t('services.form.createFailed') });
            },
          });
        }}
      />
    </FormPage>
  );
}
