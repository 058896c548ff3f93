/**
 * Checklists (issue 30 §3, decision 064): the admin writes one per service, in English and French; a
 * visit keeps a copy of its services' checklists from the moment it starts in the field; the cleaner
 * ticks each item, or says in a note why it was not done. The one home of "answered": the server refuses
 * the cleaner's "completed" while an item is not, and My Day says which before sending.
 */

/** The most items one service's checklist may hold. */
export const MAX_CHECKLIST_ITEMS = 30;

/** An item is answered when it is ticked, or left unticked with a note saying why. */
export const isAnswered = (item: { ticked: boolean; note: string | null }): boolean =>
  item.ticked || (item.note !== null && item.note.trim() !== '');

/** The items still to answer, in order. */
export const unansweredItems = <T extends { ticked: boolean; note: string | null }>(
  items: readonly T[],
): T[] => items.filter((item) => !isAnswered(item));

/** An item's text in the reader's language (French, else English). */
export const checklistText = (item: { textEn: string; textFr: string }, locale: string): string =>
  locale === 'fr' ? item.textFr : item.textEn;
