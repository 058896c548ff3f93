import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function SubmitFeedbackRoute() {
  return <PagePlaceholder page="submitFeedback" />;
}
