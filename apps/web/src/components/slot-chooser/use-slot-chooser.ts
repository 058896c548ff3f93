import type { SlotReason, Slots } from '@eclat/shared';
import { useState } from 'react';

import { useCalendarDays, type CalendarDays } from '@/lib/slots/get-slot-days';
import { useBookableUntil } from '@/lib/business-time-zone';
import { useSlots } from '@/lib/slots/get-slots';
import { slotReasonMessage } from '@/lib/slots/slot-reason';
import { isPastDate } from '@/lib/business-time';
import type { BookingHome } from '@/lib/pricing/booking-home';
import { useLanguage, useTranslation } from '@/lib/i18n';

export type Slot = Slots['slots'][number];

/** A visit already planned (its start and end, instants) that the new time may replace. */
export type OwnVisit = { appointmentDate: string; endsAt: string };

export type SlotChooserOptions = {
  /** Today in the business time zone (YYYY-MM-DD), null while the time zone loads. */
  today: string | null;
  /** What the visit is (its length decides the times): services on a home with extras, or a quote. */
  serviceIds: readonly string[];
  choice?: BookingHome | undefined;
  quoteId?: string | undefined;
  /** The day and the time shown until the person picks one (a reload, the visit being changed). */
  initial?: { date: string | null; selected: string | null };
  /** False: no times or marked days are asked yet (the booking's home is not complete). */
  enabled?: boolean;
  /**
   * The visits the new time replaces (a visit being moved, a series being re-planned): `/slots` counts
   * them, so an hour they overlap may look full, or its cleaner busy, only because of them. Such times
   * stay selectable; the server checks again without them (SLOT_FULL or NO_CLEANER_FREE if not).
   */
  ownVisits?: readonly OwnVisit[];
  /** A day that looks taken only because of the visit being moved: never marked. */
  ownDay?: string;
  /** A start kept as it is (the visit's own time): never refused as a choice. */
  keptStart?: string;
  /** Why the previous choice was refused (checkout sent the person back): said until a new choice. */
  refusedReason?: SlotReason | null;
  /** Called when a day is chosen (after the chooser's own changes). */
  onDateChange?: (date: string | null) => void;
  /** Called when a time is chosen (after the chooser's own changes). */
  onSelect?: (startsAt: string) => void;
};

/**
 * The slot picker's wiring, once for every screen that chooses a time (booking, a customer's change, a
 * series' plan, a quote's acceptance): the day and time chosen, the times of the day and the month's
 * marked days for this visit, which times can be chosen, and the message under the times (a refusal,
 * a past day, why the chosen time cannot be booked). Read by `SlotChooser`.
 */
export function useSlotChooser({
  today,
  serviceIds,
  choice,
  quoteId,
  initial,
  enabled = true,
  ownVisits = [],
  ownDay,
  keptStart,
  refusedReason = null,
  onDateChange,
  onSelect,
}: SlotChooserOptions) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const bookableUntil = useBookableUntil().data;
  // Undefined until the person picks: the initial day and time stand.
  const [pickedDate, setPickedDate] = useState<string | null | undefined>(undefined);
  const [pickedTime, setPickedTime] = useState<string | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);

  const date = pickedDate === undefined ? (initial?.date ?? null) : pickedDate;
  const selected = pickedTime === undefined ? (initial?.selected ?? null) : pickedTime;
  const isPastDay = date !== null && today !== null && isPastDate(date, today);
  const slots = useSlots(enabled && date && !isPastDay ? date : null, serviceIds, choice, quoteId);
  const calendarDays = useCalendarDays({
    initialDay: date,
    today: enabled ? today : null,
    bookableUntil,
    serviceIds,
    choice,
    quoteId,
  });
  const days: CalendarDays =
    ownDay === undefined
      ? calendarDays
      : {
          ...calendarDays,
          marked: calendarDays.marked && new Map([...calendarDays.marked].filter(([day]) => day !== ownDay)),
        };
  const selectedSlot = slots.data?.slots.find((slot) => slot.startsAt === selected);

  const durationMs = (slots.data?.durationMinutes ?? 60) * 60_000;
  const isSelectable = (slot: Slot) => {
    if (slot.available) return true;
    if (slot.reason !== 'full' && slot.reason !== 'noCleaner') return false;
    const start = Date.parse(slot.startsAt);
    return ownVisits.some(
      (visit) => start < Date.parse(visit.endsAt) && start + durationMs > Date.parse(visit.appointmentDate),
    );
  };
  const isKept = selected !== null && selected === keptStart;

  /** Why a time cannot be booked, as the booking page says it (past, too soon, no cleaner free...). */
  const reasonText = (reason: SlotReason) => {
    const message = slotReasonMessage(reason, bookableUntil, locale, slots.data?.minNoticeHours);
    return t(message.key, message.values);
  };

  let message = error;
  if (!message && refusedReason) message = reasonText(refusedReason);
  else if (!message && isPastDay) message = t('booking.errors.pastDate');
  else if (!message && !isKept && selectedSlot && !isSelectable(selectedSlot))
    message = reasonText(selectedSlot.reason ?? 'full');

  return {
    today,
    date,
    selected,
    selectedSlot,
    /** The chosen time when it can be booked (or is the visit's own), else null. */
    chosen: selectedSlot && (isKept || isSelectable(selectedSlot)) ? selected : null,
    isKept,
    isPastDay,
    slots,
    days,
    bookableUntil,
    isSelectable,
    reasonText,
    /** The message under the times (translated), if any. */
    message,
    /** A message set by the screen (a refused submit) or a day change, before the chooser's own. */
    error,
    setError,
    /** The services changed: the time chosen no longer holds. */
    clearTime: () => {
      setPickedTime(null);
    },
    changeDate: (value: string | null) => {
      setPickedDate(value);
      setPickedTime(null);
      setError(value && today && isPastDate(value, today) ? t('booking.errors.pastDate') : null);
      onDateChange?.(value);
    },
    select: (startsAt: string) => {
      setPickedTime(startsAt);
      setError(null);
      onSelect?.(startsAt);
    },
    /** Taken meanwhile: the times and the marked days shown are read again. */
    refresh: () => {
      void slots.refetch();
      calendarDays.onRetry();
    },
  };
}

export type SlotChooserState = ReturnType<typeof useSlotChooser>;
