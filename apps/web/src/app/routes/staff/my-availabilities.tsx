import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function MyAvailabilitiesRoute() {
  return <PagePlaceholder page="myAvailabilities" />;
}
