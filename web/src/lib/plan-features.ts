import { MAX_CONTACTS_FREE, MAX_CONTACTS_PREMIUM } from '@medical-qr/contracts';
import { PREMIUM_PRICE_AMOUNT, QR_LIFETIME, type PlanId } from './plans';

/**
 * What each plan includes, as the pricing plans and the premium screens list it. Apart from lib/plans.ts (the
 * lifetimes and the price every screen quotes) so that only the screens that list features download them.
 */

export interface Plan {
  id: PlanId;
  name: string;
  /** Who the plan is for, under its name. */
  audience: string;
  price: string;
  /** Under the price: "per month", "no account needed". */
  priceNote: string;
  features: readonly string[];
}

export type PremiumFeatureKey =
  'neverExpires' | 'contacts' | 'noPromos' | 'history' | 'export' | 'merch' | 'scanAlerts';

/** What premium unlocks (issue 10, "while premium"), in the order the screens list them. */
export const PREMIUM_FEATURES: ReadonlyArray<{ key: PremiumFeatureKey; text: string }> = [
  { key: 'neverExpires', text: 'Your QR code never expires' },
  { key: 'contacts', text: `Up to ${MAX_CONTACTS_PREMIUM} emergency contacts` },
  { key: 'noPromos', text: 'No promos' },
  { key: 'history', text: 'Premium QR history with search' },
  { key: 'export', text: 'Export your medical data' },
  { key: 'merch', text: '5% off QR merchandise' },
  { key: 'scanAlerts', text: 'Scan alerts when your card is viewed' },
];

export const PLANS: readonly Plan[] = [
  {
    id: 'visitor',
    name: 'Free',
    audience: 'No account',
    price: '$0',
    priceNote: 'no account needed',
    features: [`QR code valid for ${QR_LIFETIME.anonymous}`, 'One free code per email', 'Scannable by any phone'],
  },
  {
    id: 'member',
    name: 'Signed in',
    audience: 'Free account',
    price: '$0',
    priceNote: 'with a free account',
    features: [
      `QR code valid for ${QR_LIFETIME.signedIn}`,
      `${MAX_CONTACTS_FREE === 1 ? 'One emergency contact' : `${MAX_CONTACTS_FREE} emergency contacts`}`,
      'Edit your card any time',
      'QR history, merch shop and privacy controls',
    ],
  },
  {
    id: 'premium',
    name: 'Premium',
    audience: 'For peace of mind',
    price: PREMIUM_PRICE_AMOUNT,
    priceNote: 'per month',
    features: PREMIUM_FEATURES.map((feature) => feature.text),
  },
];
