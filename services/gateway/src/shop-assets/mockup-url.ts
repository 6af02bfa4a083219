/** A Printify mockup's address names its product: `.../mockup/<productId>/<variant>/<camera>...`. */
const MOCKUP_PATH = /\/mockup\/([A-Za-z0-9_-]{1,64})\//;

/**
 * The product a mockup picture shows, or undefined for a catalog picture. A mockup shows its owner's live card (the
 * QR on the product), so the proxy shows it to its owner only, never from a shared cache.
 */
export function mockupProductId(url: URL): string | undefined {
  return MOCKUP_PATH.exec(url.pathname)?.[1];
}
