/**
 * A phone number as a tel: link dials it. SPEC section 5 strips non-digits; a leading + stays, since without it an
 * international number would dial as a local one.
 */
export function dialableNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return phone.trim().startsWith('+') ? `+${digits}` : digits;
}
