/** Phones get one card per row (an availability, a shift) instead of a table to scroll sideways. */
export const NARROW_SCREEN_QUERY = '(max-width: 48em)';
