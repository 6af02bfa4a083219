import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A number as a text can be sent to it (E.164), or undefined when it cannot be one (its length is wrong for its country; whether it is in service is the provider's to say). A number written without
 * its country code is read as one of `defaultRegion` (SMS_DEFAULT_REGION); the owner's form asks for the code.
 */
export function textableNumber(phone: string, defaultRegion: string): string | undefined {
  const region = isSupportedCountry(defaultRegion) ? (defaultRegion as CountryCode) : undefined;
  const parsed = parsePhoneNumberFromString(phone.trim(), region);
  return parsed?.isPossible() ? parsed.number : undefined;
}

/** The country a number belongs to (by its calling code), when one can be told. */
export function countryOfNumber(e164: string): string | undefined {
  return parsePhoneNumberFromString(e164)?.country;
}

/** Labels the key derived for phone numbers, so a number's hash never equals a token's under the same secret. */
const PURPOSE = 'medical-qr/sms-number-index/v1';

/**
 * A keyed hash of an E.164 number: opt-outs and misses are found by it, and a stolen table maps no hash back to a
 * number without the key (derived from the records' index secret, EMAIL_INDEX_KEY, with its own purpose label).
 */
export class NumberIndex {
  private readonly key: KeyObject;

  constructor(secret: string) {
    this.key = createSecretKey(createHmac('sha256', secret).update(PURPOSE).digest());
  }

  of(e164: string): string {
    return createHmac('sha256', this.key).update(e164).digest('base64url');
  }
}
