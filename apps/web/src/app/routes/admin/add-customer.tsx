import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router';

import { PHONE_EXAMPLE, toPersonServerErrors, toSaveFailureReason } from '@/components/forms/person-form';
import { FormPage } from '@/components/ui/form-page';
import { notifyFailure, notifySuccess } from '@/components/ui/notify';
import { useCreateCustomer } from '@/features/customers/api/create-customer';
import { CustomerForm } from '@/features/customers/components/customer-form';
import { CUSTOMER_FORM_RULES, EMPTY_CUSTOMER_FORM } from '@/features/customers/customer-form';
import { adminTabHref } from '@/lib/admin-tabs';
import { usePageMeta } from '@/lib/use-page-meta';

/** Spec §2 Create New Customer: on success, the dashboard's Customers tab. */
export function AddCustomerRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('addCustomer');
  const navigate = useNavigate();
  const create = useCreateCustomer();

  return (
    <FormPage title={title} intro={t('adminCustomers.form.addIntro')}>
      <CustomerForm
        initialValues={EMPTY_CUSTOMER_FORM}
        submitLabel={t('adminCustomers.form.submit')}
        isSubmitting={create.isPending}
        serverErrors={create.error ? toPersonServerErrors(CUSTOMER_FORM_RULES, create.error) : undefined}
        onCancel={() => void navigate(adminTabHref('customers'))}
        onSubmit={(input) => {
          create.mutate(input, {
            onSuccess: () => {
              notifySuccess(t('adminCustomers.form.created'));
              void navigate(adminTabHref('customers'));
            },
            onError: (error) => {
              notifyFailure(
                t('adminCustomers.form.createFailed'),
                t(toSaveFailureReason(CUSTOMER_FORM_RULES, error), { phone: PHONE_EXAMPLE }),
              );
            },
          });
        }}
      />
    </FormPage>
  );
}
