import { ShopScreen } from '../../features/shop';
import { useDocumentTitle } from '../../lib/document-title';

/** /qrmerchshop (SPEC section 2, "Shop"): open to everyone; ordering asks for an account. */
export function ShopRoute() {
  useDocumentTitle('QR Merchandise Shop');
  return <ShopScreen />;
}
