import type { Availability, DayRange } from '@eclat/shared';
import type { UseQueryResult } from '@tanstack/react-query';

import { ListRangeInput } from '@/components/ui/date-range-input';
import { useBusinessTimeZone } from '@/lib/business-time-zone';
import { useLanguage, useTranslation } from '@/lib/i18n';

import { AvailabilitiesList } from './availabilities-list';

/**
 * Availabilities on a stretch of days (decision 024): the range field (from today, eight weeks, unless
 * another is chosen), then the list. `mine`: the employee's own; `any`: everyone's, for the admin.
 */
export function AvailabilitiesInRange({
  scope,
  range,
  onRangeChange,
  availabilities,
}: {
  scope: 'mine' | 'any';
  range: DayRange | null;
  onRangeChange: (range: DayRange) => void;
  availabilities: UseQueryResult<Availability[]>;
}) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const timeZone = useBusinessTimeZone();
  return (
    <>
      <ListRangeInput
        kind="fromToday"
        value={range}
        onChange={onRangeChange}
        timeZone={timeZone.data}
        locale={locale}
      />
      <AvailabilitiesList
        availabilities={availabilities}
        scope={scope}
        caption={t(scope === 'mine' ? 'availabilities.mine.caption' : 'availabilities.panel.caption')}
        empty={t(scope === 'mine' ? 'availabilities.mine.empty' : 'availabilities.panel.empty')}
      />
    </>
  );
}
