import type { QuoteStatus } from '@eclat/shared';
import { Badge } from '@mantine/core';

import { useTranslation } from '@/lib/i18n';

const COLORS: Record<QuoteStatus, string> = {
  requested: 'yellow',
  answered: 'blue',
  accepted: 'teal',
  declined: 'gray',
  expired: 'gray',
};

/** A quote request's status as a coloured badge, the same for the customer and the admin. */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="filled" autoContrast>
      {t(`quotes.status.${status}`)}
    </Badge>
  );
}
