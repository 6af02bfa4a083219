/** @jest-environment node */
// The wallet card as it comes out of a printer: the real PDF is read back with poppler (page size,
// text), rendered at 200 dpi, and the QR on the rendered sheet must decode to the card link.
// Node environment: qrcode needs TextEncoder, which jest's jsdom lacks, and the checks run poppler and zbar.
import { QR_IMAGE_MARGIN, QR_IMAGE_SIZE_PX } from '@medical-qr/contracts';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import { cardPlacement, toWinAnsi, walletCardPdf, type WalletCardData, type WalletSheet } from './wallet-card-pdf';

const CARD_URL = 'https://medicalqr.example/emergency/AbCdEfGhIjKlMnOpQrStUv';
const MM = 72 / 25.4;
const PAGE_SIZES: Record<WalletSheet, [number, number]> = { a4: [595, 842], letter: [612, 792] };

let dir: string;
let qrCodeData: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wallet-card-'));
  // Made as the API makes record.qrCodeData: a 2-module margin, error correction M, about 256 px.
  const modules = QRCode.create(CARD_URL, { errorCorrectionLevel: 'M' }).modules.size;
  const scale = Math.round(QR_IMAGE_SIZE_PX / (modules + 2 * QR_IMAGE_MARGIN));
  qrCodeData = await QRCode.toDataURL(CARD_URL, { errorCorrectionLevel: 'M', margin: QR_IMAGE_MARGIN, scale });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function card(overrides: Partial<WalletCardData> = {}): WalletCardData {
  return {
    qrCodeData,
    cardUrl: CARD_URL,
    fullName: 'Imogen Vasquez',
    bloodGroup: 'AB-',
    allergies: 'Penicillin (anaphylaxis), peanuts, latex',
    contacts: [
      { name: 'Rafael Vasquez', phone: '+1 415 555 0142', relationship: 'Brother', isPrimary: false },
      { name: 'Dana Okafor', phone: '+1 415 555 0199', relationship: 'Partner', isPrimary: true },
    ],
    ...overrides,
  };
}

/** Writes the PDF of `data` and returns its path. */
async function writePdf(name: string, data: WalletCardData, sheet: WalletSheet = 'a4'): Promise<string> {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, await walletCardPdf(data, sheet));
  return file;
}

/** The PDF's text in drawing order (-raw), so the order of the contacts shows, with wrapped lines joined. */
function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

describe.each<WalletSheet>(['a4', 'letter'])('walletCardPdf on %s', (sheet) => {
  let file: string;

  beforeAll(async () => {
    file = await writePdf(`card-${sheet}`, card(), sheet);
  });

  it('is one page of the right size', () => {
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/^Pages:\s+1$/m);
    const [, width, height] = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info) ?? [];
    expect([Math.round(Number(width)), Math.round(Number(height))]).toEqual(PAGE_SIZES[sheet]);
  });

  it('prints the name, blood group, allergies, contacts, link and 911', () => {
    const text = pdfText(file);
    for (const expected of [
      'Imogen Vasquez',
      'Blood group AB-',
      'Penicillin (anaphylaxis), peanuts, latex',
      'Rafael Vasquez',
      'Dana Okafor',
      CARD_URL,
      '911',
      'Cut along the marks, fold in the middle, and keep it with your ID.',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('has a QR that decodes to the card link once printed at 200 dpi', () => {
    const prefix = join(dir, `render-${sheet}`);
    execFileSync('pdftoppm', ['-r', '200', '-png', '-singlefile', file, prefix]);
    const decoded = execFileSync('zbarimg', ['-q', '--raw', `${prefix}.png`], { encoding: 'utf8', stdio: 'pipe' });
    expect(decoded.trim()).toBe(CARD_URL);
  });

  it('places both sides at 85.6 × 54 mm inside the page with a 10 mm margin', () => {
    const { page, front, back } = cardPlacement(sheet);
    expect([page.width, page.height].map(Math.round)).toEqual(PAGE_SIZES[sheet]);
    for (const side of [front, back]) {
      expect(Math.abs(side.width - 85.6 * MM)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(side.height - 54 * MM)).toBeLessThanOrEqual(0.5);
      expect(side.x).toBeGreaterThanOrEqual(10 * MM);
      expect(side.y).toBeGreaterThanOrEqual(10 * MM);
      expect(page.width - (side.x + side.width)).toBeGreaterThanOrEqual(10 * MM);
      expect(page.height - (side.y + side.height)).toBeGreaterThanOrEqual(10 * MM);
    }
    // Side by side, touching at the fold.
    expect(back.x).toBeCloseTo(front.x + front.width);
    expect(back.y).toBeCloseTo(front.y);
  });
});

describe('toWinAnsi', () => {
  it('keeps Latin-1, strips accents it cannot encode and turns the rest into ?', () => {
    expect(toWinAnsi('Żółć 😀 日本')).toBe('Zó?c ? ??');
    expect(toWinAnsi('Café “Noël” – 5 €')).toBe('Café “Noël” – 5 €');
    expect(toWinAnsi('line\nbreak\ttab')).toBe('line break tab');
  });

  it('gives text Helvetica can encode and draw, whatever the input', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage();
    const everything = Array.from({ length: 0x3000 }, (_, code) => String.fromCodePoint(code)).join('');
    const samples = ['Żółć 😀 日本', '👩🏽‍⚕️ Ünïcödé ŉ ǅ', everything];
    for (const sample of samples) {
      expect(() => page.drawText(toWinAnsi(sample), { font, size: 8 })).not.toThrow();
    }
    await expect(walletCardPdf(card({ fullName: 'Żółć 😀 日本', allergies: '花粉 🌸' }), 'a4')).resolves.toBeInstanceOf(
      Uint8Array,
    );
  });
});

describe('walletCardPdf content', () => {
  it('prints "No known allergies" when there are none', async () => {
    const text = pdfText(await writePdf('no-allergies', card({ allergies: '' })));
    expect(text).toContain('No known allergies');
  });

  it('prints "None listed" without contacts', async () => {
    expect(pdfText(await writePdf('no-contacts', card({ contacts: [] })))).toContain('None listed');
  });

  it('prints three of five contacts, the primary first and marked', async () => {
    const contacts = ['Alice Able', 'Bruno Baker', 'Chloe Carter', 'Dmitri Dane', 'Esme Evans'].map((name) => ({
      name,
      phone: '555 0100',
      relationship: 'Friend',
      isPrimary: name === 'Dmitri Dane',
    }));
    const text = pdfText(await writePdf('five-contacts', card({ contacts })));
    const order = ['Dmitri Dane', 'Alice Able', 'Bruno Baker'].map((name) => text.indexOf(name));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).not.toContain('Chloe Carter');
    expect(text).not.toContain('Esme Evans');
    expect(text).toMatch(/Dmitri Dane\s+Primary/);
  });

  it('cuts long allergies short with "…" and wraps a long link', async () => {
    const allergies = Array.from({ length: 40 }, (_, i) => `allergen${i}`).join(', ');
    const cardUrl = `${CARD_URL}/${'x'.repeat(120)}`;
    const text = pdfText(await writePdf('long', card({ allergies, cardUrl })));
    expect(text).toContain('…');
    expect(text).not.toContain('allergen39');
    expect(text.replace(/\s+/g, '')).toContain(cardUrl);
  });

  it('refuses a QR that is not a PNG data URL', async () => {
    await expect(walletCardPdf(card({ qrCodeData: 'https://example.com/qr.png' }), 'a4')).rejects.toThrow(/PNG/);
  });
});
