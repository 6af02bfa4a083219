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
} as const;

export type PublicBucket = (typeof PublicBuckets)[keyof typeof PublicBuckets];
