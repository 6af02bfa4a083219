import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { errorReply, stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { QR_PNG } from '../../../test/records-fixtures';
import { visibleToasts } from '../../../test/toasts';
import { Toaster } from '../../components/ui/notifications';
import { QrCodeDisplay } from './qr-code-display';

const cardUrl = 'https://medicalqr.example/emergency/AbCdEfGhIjKlMnOpQrSt-_';

function renderDisplay({ qrCodeData = QR_PNG, expiresAt = '2026-12-01T10:30:00.000Z' as string | null } = {}) {
  return renderWithProviders(
    <>
      <QrCodeDisplay qrCodeData={qrCodeData} cardUrl={cardUrl} expiresAt={expiresAt} />
      <Toaster />
    </>,
  );
}

function setNavigator(key: 'share' | 'clipboard', value: unknown) {
  Object.defineProperty(navigator, key, { value, configurable: true, writable: true });
}

let api: FetchStub | undefined;

afterEach(() => {
  api?.restore();
  api = undefined;
  setNavigator('share', undefined);
  setNavigator('clipboard', undefined);
  jest.restoreAllMocks();
});

describe('QR code display', () => {
  it('shows the code at 256 px, the card link and until when it is valid', () => {
    renderDisplay();
    const image = screen.getByRole('img', { name: 'QR code that opens your emergency card' }) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe(QR_PNG);
    expect(image.getAttribute('width')).toBe('256');
    expect(screen.getByText(cardUrl)).toBeTruthy();
    const expected = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2026-12-01T10:30:00.000Z'),
    );
    expect(screen.getByText(`Valid until ${expected}`)).toBeTruthy();
  });

  it('says when a code never expires', () => {
    renderDisplay({ expiresAt: null });
    expect(screen.getByText('Never expires')).toBeTruthy();
  });

  it('opens the card as a page of its own', () => {
    renderDisplay();
    const link = screen.getByRole('link', { name: /^Open card/ });
    expect(link.getAttribute('href')).toBe(cardUrl);
  });

  it('downloads the image as emergency-qr-code.png', () => {
    const saved: Array<{ href: string; download: string }> = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    renderDisplay();
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(saved).toEqual([{ href: QR_PNG, download: 'emergency-qr-code.png' }]);
  });

  it('says "Download Failed" when there is no image to save', () => {
    renderDisplay({ qrCodeData: '' });
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(visibleToasts()[0]).toMatchObject({ type: 'error', title: 'Download Failed' });
  });

  it('copies the card link, or says "Copy Failed"', async () => {
    const writeText = jest.fn(async (_text: string) => undefined);
    setNavigator('clipboard', { writeText });
    renderDisplay();
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(visibleToasts()[0]).toMatchObject({ type: 'success', title: 'Link copied' }));
    expect(writeText).toHaveBeenCalledWith(cardUrl);

    setNavigator('clipboard', { writeText: async () => Promise.reject(new Error('denied')) });
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() =>
      expect(visibleToasts()).toEqual([
        { type: 'error', title: 'Copy Failed', description: 'Failed to copy link to clipboard.' },
      ]),
    );
  });

  it('offers Share only where the device can share, and says "Share Failed" when it fails', async () => {
    const { unmount } = renderDisplay();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    unmount();

    const share = jest.fn(async (_data: ShareData) => Promise.reject(new Error('No share target')));
    setNavigator('share', share);
    renderDisplay();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(visibleToasts()[0]).toMatchObject({ type: 'error', title: 'Share Failed' }));
    expect(share.mock.calls[0]?.[0]).toMatchObject({ url: cardUrl });
  });

  it('shows the code’s text reference and where a responder without data texts it', async () => {
    api = stubFetch({ 'GET /api/config/sms-number': { body: { number: '+12025550143' } } });
    renderWithProviders(<QrCodeDisplay qrCodeData={QR_PNG} cardUrl={cardUrl} expiresAt={null} reference="K7QM 4XPD" />);
    expect(screen.getByText('Text reference:', { exact: false }).textContent).toBe('Text reference: K7QM 4XPD');
    const sentence = 'A responder without data can text this to +12025550143 to get your first-minute facts by SMS.';
    const said = await screen.findByText((_, element) => element?.tagName === 'P' && element.textContent === sentence);
    expect(said).toBeTruthy();
  });

  it('leaves out where to text it when SMS is not set up, or its number cannot be read', async () => {
    for (const reply of [{ body: { number: null } }, errorReply(503, 'Service unavailable')]) {
      api = stubFetch({ 'GET /api/config/sms-number': reply });
      const { unmount } = renderWithProviders(
        <QrCodeDisplay qrCodeData={QR_PNG} cardUrl={cardUrl} expiresAt={null} reference="K7QM 4XPD" />,
      );
      await waitFor(() => expect(api!.callsTo('GET /api/config/sms-number')).toHaveLength(1));
      expect(screen.getByText('K7QM 4XPD')).toBeTruthy();
      expect(screen.queryByText(/can text this to/)).toBeNull();
      unmount();
      api.restore();
    }
  });

  it('says no reference, and asks for no number, for a code without one', () => {
    api = stubFetch();
    renderDisplay();
    expect(screen.queryByText(/Text reference/)).toBeNull();
    expect(api.callsTo('GET /api/config/sms-number')).toEqual([]);
  });
});
