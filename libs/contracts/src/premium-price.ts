// The premium price alone, without zod: the web's first script shows it (billing.ts re-exports it).

/** Premium: $9.99 per month everywhere (DESIGN settles the spec's one "/year"). */
export const PREMIUM_PRICE_CENTS = 999;
export const PREMIUM_CURRENCY = 'usd';
export const PREMIUM_INTERVAL = 'month';
