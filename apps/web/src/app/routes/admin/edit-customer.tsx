import { customerIdParamsSchema } from '@eclat/shared';
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';

import { useCustomer } from '@/features/customers/api/get-customer';
import { useUpdateCustomer } from '@/features/customers/api/update-customer';
import { CustomerForm } from '@/features/customers/components/customer-form';
import { CustomerFormPage } from '@/features/customers/components/customer-form-page';
import {
  toCustomerFormValues,
  toCustomerServerErrors,
  toSaveFailureReason,
} from '@/features/customers/customer-form';
import { CUSTOMERS_TAB_HREF } from '@/features/customers/customers-tab-href';
import { PHONE_EXAMPLE } from '@/features/customers/profile-form';
import { isApiError } from '@/lib/api-client';
import { usePageMeta } from '@/lib/use-page-meta';

/**
 * Spec §2 Edit Customer: loads the record by id (loading state; an unknown id says so, with a way
 * back), then the form with Save Changes; on success, the dashboard's Customers tab.
 */
export function EditCustomerRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('editCustomer');
  const navigate = useNavigate();
  const customerId = useParams().customerId ?? '';
  const isWellFormed = customerIdParamsSchema.safeParse({ customerId }).success;
  const customer = useCustomer(customerId, { enabled: isWellFormed });
  const update = useUpdateCustomer();

  const backButton = (
    <Button component={Link} to={CUSTOMERS_TAB_HREF} variant="default" size="xs">
      {t('adminCustomers.form.backToList')}
    </Button>
  );

  let body;
  if (!isWellFormed || (isApiError(customer.error) && customer.error.status === 404)) {
    body = (
      <Alert color="red" role="alert" title={t('adminCustomers.form.notFoundTitle')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('adminCustomers.form.notFound')}</Text>
          {backButton}
        </Stack>
      </Alert>
    );
  } else if (customer.isPending) {
    body = (
      <Center py="xl" role="status" aria-live="polite">
        <Stack align="center" gap="sm">
          <Loader aria-hidden="true" />
          <Text>{t('adminCustomers.form.loading')}</Text>
        </Stack>
      </Center>
    );
  } else if (customer.isError) {
    body = (
      <Alert color="red" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('adminCustomers.form.fetchFailed')}</Text>
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={() => void customer.refetch()}>
              {t('common.retry')}
            </Button>
            {backButton}
          </Group>
        </Stack>
      </Alert>
    );
  } else {
    body = (
      <CustomerForm
        // A fresh form for another customer; a background refetch never overwrites what is being typed.
        key={customer.data.customerId}
        initialValues={toCustomerFormValues(customer.data)}
        submitLabel={t('adminCustomers.form.save')}
        isSubmitting={update.isPending}
        serverErrors={update.error ? toCustomerServerErrors(update.error) : undefined}
        onCancel={() => void navigate(CUSTOMERS_TAB_HREF)}
        onSubmit={(input) => {
          update.mutate(
            { customerId, input },
            {
              onSuccess: () => {
                notifications.show({
                  closeButtonProps: { 'aria-label': t('common.dismiss') },
                  color: 'teal',
                  message: t('adminCustomers.form.updated'),
                });
                void navigate(CUSTOMERS_TAB_HREF);
              },
              onError: (error) => {
                notifications.show({
                  closeButtonProps: { 'aria-label': t('common.dismiss') },
                  color: 'red',
                  title: t('adminCustomers.form.updateFailed'),
                  message: t(toSaveFailureReason(error), { phone: PHONE_EXAMPLE }),
                });
              },
            },
          );
        }}
      />
    );
  }

  return (
    <CustomerFormPage title={title} intro={t('adminCustomers.form.editIntro')}>
      {body}
    </CustomerFormPage>
  );
}
