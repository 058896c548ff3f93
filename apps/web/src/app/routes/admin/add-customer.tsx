import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function AddCustomerRoute() {
  return <PagePlaceholder page="addCustomer" />;
}
