import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function EditCustomerRoute() {
  return <PagePlaceholder page="editCustomer" />;
}
