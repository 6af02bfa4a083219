import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** E.164 as Twilio takes it: a plus, a country code that does not start with 0, at most 15 digits in all. */
const E164 = /^\+[1-9]\d{1,14}$/;

/**
 * Whether Twilio would take this as a phone number: E.164, of a length its country's numbers can have (+1555 is
 * too short). Not whether the number is in service: Twilio's test numbers (+1 500 555 ...) pass.
 */
export const isPhoneNumber = (value: string): boolean =>
  E164.test(value) && parsePhoneNumberFromString(value)?.isPossible() === true;

/**
 * The country a number belongs to, as Twilio names it in `FromCountry` (ISO 3166 alpha-2): the number's own when its
 * plan says, else the main country of its calling code (+44 7700 900123, a number kept for drama, is GB); '' when the
 * calling code is unknown.
 */
export function countryOf(number: string): string {
  const parsed = parsePhoneNumberFromString(number);
  return parsed?.country ?? parsed?.getPossibleCountries()[0] ?? '';
}
