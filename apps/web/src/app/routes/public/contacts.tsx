import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function ContactsRoute() {
  return <PagePlaceholder page="contacts" />;
}
