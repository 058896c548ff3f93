import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function ServicesRoute() {
  return <PagePlaceholder page="services" />;
}
