import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function ProfileRoute() {
  return <PagePlaceholder page="profile" />;
}
