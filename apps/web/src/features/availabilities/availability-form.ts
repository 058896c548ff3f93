import type { AdminAvailabilityInput, Availability, AvailabilityInput, Employee, Shift } from '@eclat/shared';

/** What the add and edit availability forms hold. */
export type AvailabilityFormValues = {
  /** The day (YYYY-MM-DD), or null while none is picked. */
  availableDate: string | null;
  shift: Shift | null;
  comments: string;
};

export type AvailabilityFormError = 'availabilities.errors.required' | 'availabilities.errors.pastDate';

export type AvailabilityFormResult =
  { ok: true; input: AvailabilityInput } | { ok: false; error: AvailabilityFormError };

/** The add form starts empty (spec §5: date and shift required). */
export const EMPTY_AVAILABILITY_FORM: AvailabilityFormValues = {
  availableDate: null,
  shift: null,
  comments: '',
};

/** The edit form starts from the availability as it is. */
export function toAvailabilityFormValues(availability: Availability): AvailabilityFormValues {
  return {
    availableDate: availability.day,
    shift: availability.shift,
    comments: availability.comments ?? '',
  };
}

/**
 * Checks the form (spec §5): a date and a shift, else 'Please fill in all required fields.'; a day
 * before today (business time zone) is refused, except the one the availability already had. The
 * input sent has the day, the shift (already upper case: MORNING, EVENING, NIGHT) and trimmed comments (null when empty).
 */
export function validateAvailabilityForm(
  values: AvailabilityFormValues,
  { today, originalDate }: { today: string; originalDate?: string },
): AvailabilityFormResult {
  const day = values.availableDate?.trim().slice(0, 10) ?? '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !values.shift) {
    return { ok: false, error: 'availabilities.errors.required' };
  }
  if (day < today && day !== originalDate) return { ok: false, error: 'availabilities.errors.pastDate' };
  const comments = values.comments.trim();
  return {
    ok: true,
    input: { availableDate: day, shift: values.shift, comments: comments || null },
  };
}

export type AdminAvailabilityFormResult =
  { ok: true; input: AdminAvailabilityInput } | { ok: false; error: AvailabilityFormError };

/**
 * The admin's form for a team member (`POST /availabilities`): the same checks, and whose it is is
 * one more required field ('Please fill in all required fields.' as for the date and the shift).
 */
export function validateAdminAvailabilityForm(
  values: AvailabilityFormValues,
  employeeId: string | null,
  options: { today: string },
): AdminAvailabilityFormResult {
  const result = validateAvailabilityForm(values, options);
  if (!employeeId) return { ok: false, error: 'availabilities.errors.required' };
  return result.ok ? { ok: true, input: { ...result.input, employeeId } } : result;
}

/** The employees an admin may post an availability for: the active ones, by name. */
export function toEmployeeOptions(
  employees: readonly Employee[],
  locale: string,
): { value: string; label: string }[] {
  return employees
    .filter((employee) => employee.isActive)
    .map((employee) => ({
      value: employee.employeeId,
      label: `${employee.firstName} ${employee.lastName}`.trim() || employee.email,
    }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}

/** The first eight characters of an id, for a table; the whole id goes in a title. */
export function shortId(id: string): string {
  return id.slice(0, 8);
}
