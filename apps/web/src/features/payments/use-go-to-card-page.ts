import { useStartCardSetup } from '@/features/payments/api/card-on-file';
import { writeCardReturn, type CardReturn } from '@/features/payments/card-return';
import { useErrorToast } from '@/lib/error-toast';

/**
 * Off to Stripe's hosted card page (decision 056): the page's address from the server, where the
 * customer was kept for the way back, then the browser leaves. A refusal shows as a toast.
 */
export function useGoToCardPage() {
  const start = useStartCardSetup();
  const showError = useErrorToast();
  return {
    isPending: start.isPending || start.isSuccess,
    go: (from: CardReturn) => {
      if (start.isPending) return;
      start.mutate(undefined, {
        onSuccess: ({ url }) => {
          writeCardReturn(from);
          window.location.assign(url);
        },
        onError: showError,
      });
    },
  };
}
