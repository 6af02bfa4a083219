import { z } from 'zod';

/**
 * The stand-in card form's fields: how they are shown as typed, and how they are checked before anything is sent.
 * The messages are the ones Stripe's own card form gives, so the two forms read alike.
 */
export const CardMessages = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryInvalid: "Your card's expiration date is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
} as const;

const MAX_CARD_DIGITS = 19;

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** "4242424242424242" → "4242 4242 4242 4242": groups of four, digits only, at most 19. */
export function formatCardNumber(value: string): string {
  return (
    digitsOf(value)
      .slice(0, MAX_CARD_DIGITS)
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}

/**
 * "1228" → "12 / 28". The separator appears with the third digit, so deleting back over it never traps the cursor;
 * a first digit above 1 can only be a month, so "4" becomes "04".
 */
export function formatExpiry(value: string): string {
  let digits = digitsOf(value).slice(0, 4);
  if (/^[2-9]$/.test(digits)) digits = `0${digits}`;
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export function formatCvc(value: string): string {
  return digitsOf(value).slice(0, 4);
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The expiry's month and four-digit year, or null when it is not a whole MM / YY. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const digits = digitsOf(value);
  if (digits.length !== 4) return null;
  return { month: Number(digits.slice(0, 2)), year: 2000 + Number(digits.slice(2)) };
}

/** The card form's check; `now` decides what "in the past" means. */
export function cardFormSchema(now: () => Date = () => new Date()) {
  return z.object({
    cardNumber: z.string().superRefine((value, context) => {
      const digits = digitsOf(value);
      if (digits.length < 13) context.addIssue({ code: 'custom', message: CardMessages.numberIncomplete });
      else if (!passesLuhn(digits)) context.addIssue({ code: 'custom', message: CardMessages.numberInvalid });
    }),
    expiry: z.string().superRefine((value, context) => {
      const expiry = parseExpiry(value);
      if (!expiry) {
        context.addIssue({ code: 'custom', message: CardMessages.expiryIncomplete });
        return;
      }
      if (expiry.month < 1 || expiry.month > 12) {
        context.addIssue({ code: 'custom', message: CardMessages.expiryInvalid });
        return;
      }
      const today = now();
      const thisMonth = today.getFullYear() * 12 + today.getMonth();
      if (expiry.year * 12 + (expiry.month - 1) < thisMonth) {
        context.addIssue({ code: 'custom', message: CardMessages.expiryPast });
      }
    }),
    cvc: z.string().refine((value) => digitsOf(value).length >= 3, CardMessages.cvcIncomplete),
  });
}

export type CardFormValues = z.input<ReturnType<typeof cardFormSchema>>;

/** The card as the provider's API takes it. */
export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export function cardDetailsFrom(values: CardFormValues): CardDetails {
  const expiry = parseExpiry(values.expiry) ?? { month: 0, year: 0 };
  return {
    number: digitsOf(values.cardNumber),
    expMonth: expiry.month,
    expYear: expiry.year,
    cvc: digitsOf(values.cvc),
  };
}
