/** The id of the part of the home page where a code is created (the form, or the expired-code card). */
export const CREATE_QR_SECTION_ID = 'create-qr';

/** The home page's query key (`/?noActiveQr=true`) that opens the explanation that a code is needed first. */
export const NO_ACTIVE_QR_QUERY_KEY = 'noActiveQr';

/** Scrolls to the create section and puts focus in its first field or button. */
export function goToCreateQrSection(): void {
  const section = document.getElementById(CREATE_QR_SECTION_ID);
  if (!section) return;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  section.querySelector<HTMLElement>('input, select, textarea, button, a[href]')?.focus({ preventScroll: true });
}
