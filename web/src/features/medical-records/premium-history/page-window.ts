/** At most this many page buttons show at once (SPEC section 9). */
export const MAX_PAGE_BUTTONS = 5;

/**
 * The page numbers to offer as buttons: up to five, the current one as central as the ends allow,
 * e.g. page 7 of 20 gives 5 6 7 8 9, page 2 of 20 gives 1 2 3 4 5.
 */
export function pageWindow(current: number, totalPages: number, max = MAX_PAGE_BUTTONS): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(max, totalPages);
  const first = Math.min(Math.max(1, current - Math.floor(count / 2)), totalPages - count + 1);
  return Array.from({ length: count }, (_, index) => first + index);
}
