import { AppRoutes, SERVED_APP_ROUTES } from '@medical-qr/contracts';
import { screen } from '@testing-library/react';
import { stubFetch, type FetchStub } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-with-providers';
import { routes } from './router';

/** The patterns the router mounts, as full paths. */
function mountedPaths(): string[] {
  const root = routes[0]!;
  return (root.children ?? []).map((child) => (child.index ? root.path! : child.path!)).filter((path) => path !== '*');
}

describe('the app routes the gateway knows', () => {
  it('are exactly the routes the router mounts, plus the card, which is a page of its own', () => {
    expect([...mountedPaths(), AppRoutes.emergencyCard].sort()).toEqual([...SERVED_APP_ROUTES].sort());
  });
});

describe('document titles', () => {
  let network: FetchStub;
  beforeEach(() => {
    network = stubFetch();
  });
  afterEach(() => network.restore());

  it.each([
    ['/', 'Your digital medical emergency card · Medical QR'],
    ['/expired', 'QR code expired · Medical QR'],
    ['/reset-password/abc', 'Reset password · Medical QR'],
    ['/no/such/page', 'Page not found · Medical QR'],
    ['/pricing', 'Pricing · Medical QR'],
    ['/my-account', 'My Account · Medical QR'],
    ['/history', 'QR Code History · Medical QR'],
    ['/premium/history', 'Premium QR History · Medical QR'],
    ['/scanner', 'QR Scanner · Medical QR'],
    ['/premium/success', 'Payment · Medical QR'],
    ['/qrmerchshop', 'QR Merchandise Shop · Medical QR'],
    ['/customize/1308', 'Customize · Medical QR'],
    ['/cart', 'Cart · Medical QR'],
    ['/checkout', 'Checkout · Medical QR'],
    ['/my-orders', 'My Orders · Medical QR'],
    ['/terms', 'Terms and Privacy Policy · Medical QR'],
    ['/contact-us', 'Contact Us · Medical QR'],
    ['/privacy', 'Privacy Controls · Medical QR'],
    ['/privacy-controls', 'Privacy Controls · Medical QR'],
    ['/demo-privacy', 'Privacy Controls · Medical QR'],
    ['/shl', 'Medical summary · Medical QR'],
  ])('%s is titled "%s"', async (path, title) => {
    renderApp(path);
    await screen.findAllByRole('heading', { level: 1 });
    expect(document.title).toBe(title);
  });
});

describe('/login', () => {
  it('opens the sign-in dialog on the home page', async () => {
    const network = stubFetch();
    try {
      renderApp('/login');
      expect(await screen.findByRole('dialog', { name: 'Welcome to Medical QR' })).toBeTruthy();
    } finally {
      network.restore();
    }
  });
});
