/**
 * The per-address budgets of public (signed-out) endpoints, RATE_LIMIT_PUBLIC_PER_5_MIN each.
 * Every family has its own bucket, so a flood of one (say, sign-in attempts from a hospital's
 * Wi-Fi) never refuses another, least of all the emergency card. See docs/decisions.md.
 */
export const PublicBuckets = {
  /** Unknown or malformed card tokens (a card that opens is never counted). */
  cardMiss: 'card-miss',
  /** Password sign-in, demo sign-in, starting Google sign-in. */
  signIn: 'sign-in',
  registration: 'registration',
  anonymousCreation: 'anonymous-creation',
  /** Forgot password, reset password, sending and following verification links. */
  recovery: 'recovery',
  /** The shop's pictures and mockups through the image proxy. */
  shopImages: 'shop-images',
  /** The curated medical terms the record form offers as the owner types. */
  medicalTerms: 'medical-terms',
  /** SMART Health Link readers: manifests, their files, direct files. */
  healthLinks: 'health-links',
} as const;

export type PublicBucket = (typeof PublicBuckets)[keyof typeof PublicBuckets];

/**
 * Buckets allowed a multiple of the budget. A shop page shows a few dozen pictures and a customizer session a few
 * hundred mockups (a family behind one address more): pictures get twenty times what a sign-in gets. The term picker
 * asks as the owner types (a few letters a field, four fields a record), so terms get as much.
 */
export const BUCKET_ALLOWANCE: Partial<Record<PublicBucket, number>> = {
  [PublicBuckets.shopImages]: 20,
  [PublicBuckets.medicalTerms]: 20,
  // A hospital's readers share an address, and a long-term link is read again as it changes.
  [PublicBuckets.healthLinks]: 3,
};
