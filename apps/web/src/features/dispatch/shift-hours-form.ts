import { SHIFTS, shiftHoursSchema, type Shift, type ShiftHours } from '@eclat/shared';

import type { FieldErrors } from '@/components/forms/person-form';
import { isApiError } from '@/lib/api-client';

/**
 * The Shift hours form: a start and an end for each shift, `HH:MM` in the business time zone, checked
 * with the API's own schema (quarter hours, start before end) so both say the same in both languages.
 */
export type ShiftHoursField = `${Shift}.${'start' | 'end'}`;
export type ShiftHoursValues = Record<ShiftHoursField, string>;

export const SHIFT_HOURS_FIELDS: readonly ShiftHoursField[] = SHIFTS.flatMap((shift) => [
  `${shift}.start` as const,
  `${shift}.end` as const,
]);

function isField(value: string): value is ShiftHoursField {
  return (SHIFT_HOURS_FIELDS as readonly string[]).includes(value);
}

export function toShiftHoursValues(hours: ShiftHours): ShiftHoursValues {
  const values: Partial<ShiftHoursValues> = {};
  for (const shift of SHIFTS) {
    values[`${shift}.start`] = hours[shift].start;
    values[`${shift}.end`] = hours[shift].end;
  }
  return values as ShiftHoursValues;
}

/** First message per field, for issue or detail paths such as `MORNING.end` or `body.MORNING.end`. */
function toErrors(problems: readonly { path: string; message: string }[]): FieldErrors<ShiftHoursField> {
  const errors: FieldErrors<ShiftHoursField> = {};
  for (const { path, message } of problems) {
    const field = path.replace(/^body\./, '');
    if (isField(field) && errors[field] === undefined) errors[field] = message;
  }
  return errors;
}

/** The hours to send, or a translation key per field to fix. */
export function validateShiftHours(
  values: ShiftHoursValues,
): { success: true; data: ShiftHours } | { success: false; errors: FieldErrors<ShiftHoursField> } {
  const parsed = shiftHoursSchema.safeParse({
    MORNING: { start: values['MORNING.start'], end: values['MORNING.end'] },
    EVENING: { start: values['EVENING.start'], end: values['EVENING.end'] },
    NIGHT: { start: values['NIGHT.start'], end: values['NIGHT.end'] },
  });
  if (parsed.success) return { success: true, data: parsed.data };
  const errors = toErrors(
    parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  );
  return { success: false, errors };
}

/** What the server refused (400, details on `body.<SHIFT>.start|end`), per field. */
export function toShiftHoursServerErrors(error: unknown): FieldErrors<ShiftHoursField> {
  return isApiError(error) ? toErrors(error.details) : {};
}
