import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function CheckoutRoute() {
  return <PagePlaceholder page="checkout" />;
}
