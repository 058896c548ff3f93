import type { QuoteStatus } from '@eclat/shared';
import { Badge } from '@mantine/core';

import { useTranslation } from '@/lib/i18n';

const COLORS: Record<QuoteStatus, string> = {
  requested: 'yellow.4',
  answered: 'blue.8',
  accepted: 'eclat.6',
  declined: 'gray.7',
  expired: 'gray.7',
};

/** A quote request's status as a coloured badge (contrast AA), the same for the customer and the admin. */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="filled" autoContrast>
      {t(`quotes.status.${status}`)}
    </Badge>
  );
}
