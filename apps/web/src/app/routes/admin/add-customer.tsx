import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { useCreateCustomer } from '@/features/customers/api/create-customer';
import { CustomerForm } from '@/features/customers/components/customer-form';
import { CustomerFormPage } from '@/features/customers/components/customer-form-page';
import {
  EMPTY_CUSTOMER_FORM,
  toCustomerServerErrors,
  toSaveFailureReason,
} from '@/features/customers/customer-form';
import { CUSTOMERS_TAB_HREF } from '@/features/customers/customers-tab-href';
import { PHONE_EXAMPLE } from '@/features/customers/profile-form';
import { usePageMeta } from '@/lib/use-page-meta';

/** Spec §2 Create New Customer: on success, the dashboard's Customers tab. */
export function AddCustomerRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('addCustomer');
  const navigate = useNavigate();
  const create = useCreateCustomer();

  return (
    <CustomerFormPage title={title} intro={t('adminCustomers.form.addIntro')}>
      <CustomerForm
        initialValues={EMPTY_CUSTOMER_FORM}
        submitLabel={t('adminCustomers.form.submit')}
        isSubmitting={create.isPending}
        serverErrors={create.error ? toCustomerServerErrors(create.error) : undefined}
        onCancel={() => void navigate(CUSTOMERS_TAB_HREF)}
        onSubmit={(input) => {
          create.mutate(input, {
            onSuccess: () => {
              notifications.show({
                closeButtonProps: { 'aria-label': t('common.dismiss') },
                color: 'teal',
                message: t('adminCustomers.form.created'),
              });
              void navigate(CUSTOMERS_TAB_HREF);
            },
            onError: (error) => {
              notifications.show({
                closeButtonProps: { 'aria-label': t('common.dismiss') },
                color: 'red',
                title: t('adminCustomers.form.createFailed'),
                message: t(toSaveFailureReason(error), { phone: PHONE_EXAMPLE }),
              });
            },
          });
        }}
      />
    </CustomerFormPage>
  );
}
