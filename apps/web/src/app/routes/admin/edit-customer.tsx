import { customerIdParamsSchema } from '@eclat/shared';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useParams } from 'react-router';

import { PHONE_EXAMPLE, toPersonServerErrors, toSaveFailureReason } from '@/components/forms/person-form';
import { FormPage } from '@/components/ui/form-page';
import { RecordLoader } from '@/components/ui/record-loader';
import { notifyFailure, notifySuccess } from '@/components/ui/notify';
import { useCustomer } from '@/features/customers/api/get-customer';
import { useUpdateCustomer } from '@/features/customers/api/update-customer';
import { CustomerForm } from '@/features/customers/components/customer-form';
import { CUSTOMER_FORM_RULES, toCustomerFormValues } from '@/features/customers/customer-form';
import { adminTabHref } from '@/lib/admin-tabs';
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

  return (
    <FormPage title={title} intro={t('adminCustomers.form.editIntro')}>
      <RecordLoader
        query={customer}
        isIdValid={isWellFormed}
        backTo={adminTabHref('customers')}
        labels={{
          loading: t('adminCustomers.form.loading'),
          notFoundTitle: t('adminCustomers.form.notFoundTitle'),
          notFound: t('adminCustomers.form.notFound'),
          fetchFailed: t('adminCustomers.form.fetchFailed'),
          back: t('adminCustomers.form.backToList'),
        }}
      >
        {(record) => (
          <CustomerForm
            // A fresh form for another customer; a background refetch never overwrites what is being typed.
            key={record.customerId}
            initialValues={toCustomerFormValues(record)}
            submitLabel={t('adminCustomers.form.save')}
            isSubmitting={update.isPending}
            serverErrors={update.error ? toPersonServerErrors(CUSTOMER_FORM_RULES, update.error) : undefined}
            onCancel={() => void navigate(adminTabHref('customers'))}
            onSubmit={(input) => {
              update.mutate(
                { customerId, input },
                {
                  onSuccess: () => {
                    notifySuccess(t('adminCustomers.form.updated'));
                    void navigate(adminTabHref('customers'));
                  },
                  onError: (error) => {
                    notifyFailure(
                      t('adminCustomers.form.updateFailed'),
                      t(toSaveFailureReason(CUSTOMER_FORM_RULES, error), { phone: PHONE_EXAMPLE }),
                    );
                  },
                },
              );
            }}
          />
        )}
      </RecordLoader>
    </FormPage>
  );
}
