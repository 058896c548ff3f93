import { SlotPicker } from '@/components/slots/slot-picker';
import { useLanguage } from '@/lib/i18n';

import type { SlotChooserState } from './use-slot-chooser';

type SlotChooserProps = {
  chooser: SlotChooserState;
  /** Today in the business time zone (YYYY-MM-DD), once known. */
  today: string;
  /** Headings level inside the page. */
  headingOrder?: 2 | 3;
};

/**
 * The calendar and the times of `useSlotChooser`: what the booking, a customer's change, a series'
 * plan and a quote's acceptance show to choose a time.
 */
export function SlotChooser({ chooser, today, headingOrder }: SlotChooserProps) {
  const locale = useLanguage();
  return (
    <SlotPicker
      locale={locale}
      today={today}
      maxDate={chooser.bookableUntil}
      date={chooser.date}
      onDateChange={chooser.changeDate}
      slots={chooser.slots.data}
      isLoading={chooser.slots.isPending}
      isError={chooser.slots.isError}
      onRetry={() => void chooser.slots.refetch()}
      selected={chooser.selected}
      onSelect={chooser.select}
      error={chooser.message}
      {...(headingOrder && { headingOrder })}
      isSelectable={chooser.isSelectable}
      days={chooser.days}
    />
  );
}
