import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function AboutUsRoute() {
  return <PagePlaceholder page="aboutUs" />;
}
