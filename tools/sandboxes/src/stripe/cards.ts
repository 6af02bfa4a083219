import { createHash } from 'node:crypto';
import { cardError, type CardErrorCode } from './errors.js';

/**
 * What a card does when charged, as Stripe's documented test cards behave. The stand-in keeps this with the
 * PaymentMethod and never the card number.
 */
export type CardBehaviour =
  | { kind: 'succeeds' }
  | { kind: 'declines'; code: CardErrorCode; declineCode?: string; message?: string }
  /** 4000 0025 0000 3155: authentication for on-session payments; once set up, off-session renewals just succeed. */
  | { kind: 'authenticates_on_session' }
  /** 4000 0027 6000 3184: authentication on every payment, renewals included. */
  | { kind: 'authenticates_always' };

const succeeds: CardBehaviour = { kind: 'succeeds' };

/** Stripe's test cards by number (https://docs.stripe.com/testing). */
const TEST_CARDS: Record<string, { behaviour: CardBehaviour; funding?: 'debit' | 'credit' }> = {
  '4242424242424242': { behaviour: succeeds },
  '4000056655665556': { behaviour: succeeds, funding: 'debit' },
  '5555555555554444': { behaviour: succeeds },
  '2223003122003222': { behaviour: succeeds },
  '5200828282828210': { behaviour: succeeds, funding: 'debit' },
  '378282246310005': { behaviour: succeeds },
  '371449635398431': { behaviour: succeeds },
  '6011111111111117': { behaviour: succeeds },
  '3056930009020004': { behaviour: succeeds },
  '3566002020360505': { behaviour: succeeds },
  '6200000000000005': { behaviour: succeeds },
  '4000000000000002': { behaviour: { kind: 'declines', code: 'card_declined', declineCode: 'generic_decline' } },
  '4000000000009995': {
    behaviour: {
      kind: 'declines',
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
  '4000000000009987': {
    behaviour: { kind: 'declines', code: 'card_declined', declineCode: 'lost_card' },
  },
  '4000000000000069': { behaviour: { kind: 'declines', code: 'expired_card', declineCode: 'expired_card' } },
  '4000000000000127': { behaviour: { kind: 'declines', code: 'incorrect_cvc', declineCode: 'incorrect_cvc' } },
  '4000002500003155': { behaviour: { kind: 'authenticates_on_session' } },
  '4000002760003184': { behaviour: { kind: 'authenticates_always' } },
};

/** Stripe's test PaymentMethods (`payment_method=pm_card_visa`), each standing for one of the cards above. */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
  pm_card_authenticationRequired: '4000002760003184',
};

const LIVE_CARD_MESSAGE =
  'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.';

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function brandOf(digits: string): string {
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return 'visa';
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  if (digits.startsWith('6011') || two === 65 || (four >= 6440 && four <= 6499)) return 'discover';
  if (four >= 3528 && four <= 3589) return 'jcb';
  if (two === 36 || two === 38 || (four >= 3000 && four <= 3059)) return 'diners';
  if (two === 62) return 'unionpay';
  return 'unknown';
}

/** A card as the stand-in keeps it: what Stripe shows of it, and how it behaves. */
export interface CheckedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  funding: 'credit' | 'debit';
  fingerprint: string;
  cvcProvided: boolean;
  behaviour: CardBehaviour;
}

export interface CardInput {
  number: string | undefined;
  expMonth: string | undefined;
  expYear: string | undefined;
  cvc: string | undefined;
}

/**
 * Checks card details the way Stripe does when a PaymentMethod is created (402 `card_error` with Stripe's code,
 * message and parameter), and finds the test card's behaviour. Real card numbers are refused: this is test mode.
 */
export function checkCard(input: CardInput, now = new Date()): CheckedCard {
  const digits = (input.number ?? '').replace(/\s+/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    throw cardError('incorrect_number', { param: 'card[number]' });
  }
  const month = /^\d{1,2}$/.test(input.expMonth ?? '') ? Number(input.expMonth) : NaN;
  if (!(month >= 1 && month <= 12)) throw cardError('invalid_expiry_month', { param: 'card[exp_month]' });
  const yearText = input.expYear ?? '';
  let year = /^\d{2}$|^\d{4}$/.test(yearText) ? Number(yearText) : NaN;
  if (yearText.length === 2) year += 2000;
  const thisYear = now.getUTCFullYear();
  if (!(year <= thisYear + 50)) throw cardError('invalid_expiry_year', { param: 'card[exp_year]' });
  if (year < thisYear || (year === thisYear && month < now.getUTCMonth() + 1)) {
    throw cardError('expired_card', { param: year < thisYear ? 'card[exp_year]' : 'card[exp_month]' });
  }
  const brand = brandOf(digits);
  const cvc = input.cvc ?? '';
  if (cvc !== '' && !(brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(cvc)) {
    throw cardError('invalid_cvc', { param: 'card[cvc]' });
  }
  const known = TEST_CARDS[digits];
  if (!known) throw cardError('card_declined', { decline_code: 'test_mode_live_card', message: LIVE_CARD_MESSAGE });
  return {
    brand,
    last4: digits.slice(-4),
    expMonth: month,
    expYear: year,
    funding: known.funding ?? 'credit',
    // Stripe's fingerprint is the same for the same number; a hash keeps that without keeping the number.
    fingerprint: createHash('sha256')
      .update(`stand-in-card:${digits}`)
      .digest('base64')
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 16),
    cvcProvided: cvc !== '',
    behaviour: known.behaviour,
  };
}
