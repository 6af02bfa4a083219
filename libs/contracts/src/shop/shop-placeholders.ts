// Without zod: the shop's loading screen, which the web's first script holds, reads it (shop-api.ts re-exports it).

/** Cards the shop's loading screen draws while the catalog arrives. */
export const SHOP_PLACEHOLDER_CARDS = 8;
