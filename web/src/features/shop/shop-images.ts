/**
 * Printify's pictures (products, mockups) come from its CDN; the app's content policy allows images from its own
 * origin only, so every one is shown through the gateway's image proxy.
 */
export function proxiedImageUrl(url: string): string {
  return `/api/printify/image-proxy?url=${encodeURIComponent(url)}`;
}
