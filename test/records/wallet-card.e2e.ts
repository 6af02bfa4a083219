// The wallet card as its owner downloads it and a printer prints it: the PDF's text layer read back with poppler
// (names in Arabic, Chinese and Hindi exactly as typed), and both QR codes decoded off the page rendered at 300 dpi.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WalletSheet } from '@medical-qr/contracts';
import { cardPlacement, type Rect } from '../../services/gateway/src/wallet-card/wallet-card-layout.js';
import { signedInClient } from '../support/accounts.js';
import { baseUrl } from '../support/api.js';
import type { HttpClient } from '../support/http-client.js';
import { decodeQr, decodeQrWithZbar } from '../support/qr.js';
import { medicalForm } from './records-fixtures.js';

const DPI = 300;
/** The number the test system's references are texted to (test/support/global-setup.mjs). */
/** The number the system texts from and prints (the SMS stand-in's, as the end-to-end setup exports it). */
const SMS_NUMBER = process.env.E2E_TWILIO_FROM_NUMBER ?? 'the SMS stand-in is not running';
/** The marks pdftotext puts round right-to-left text (embedding, override, isolate): not part of what was typed. */
const BIDI_MARKS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

interface Download {
  status: number;
  headers: Headers;
  body: Buffer;
}

async function download(client: HttpClient, recordId: string, query = '?sheet=a4'): Promise<Download> {
  const response = await fetch(`${baseUrl()}/api/medical-records/${recordId}/wallet-card.pdf${query}`, {
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-forwarded-for': client.ip },
  });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

/** The PDF's text, as poppler extracts it, with its direction marks dropped and every run of spaces made one. */
function textOf(folder: string, pdf: Buffer): string {
  const file = join(folder, 'card.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' })
    .replace(BIDI_MARKS, '')
    .replace(/[ \t]+/g, ' ');
}

/** One side of the card rendered at 300 dpi on its own, so each QR code is the only one in its picture. */
function sidePng(folder: string, pdf: Buffer, sheet: WalletSheet, side: Rect): Buffer {
  const file = join(folder, 'card.pdf');
  writeFileSync(file, pdf);
  const px = (points: number) => Math.round((points / 72) * DPI);
  const { page } = cardPlacement(sheet);
  const area = [
    '-x',
    px(side.x),
    '-y',
    px(page.height - side.y - side.height),
    '-W',
    px(side.width),
    '-H',
    px(side.height),
  ];
  execFileSync('pdftoppm', ['-png', '-r', String(DPI), '-singlefile', ...area.map(String), file, join(folder, 'side')]);
  return readFileSync(join(folder, 'side.png'));
}

describe('the wallet card PDF', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'wallet-card-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const medical = { medicalConditions: 'Epilepsy', medications: 'Warfarin 5 mg', devices: 'Pacemaker' };

  it.each([
    ['Arabic', 'ليلى', 'حداد'],
    ['Chinese', '王', '小明'],
    ['Hindi', 'अमित', 'शर्मा'],
  ])(
    'prints a name in %s exactly as typed, the conditions, medications and devices, and two codes that read back',
    async (_script, firstName, lastName) => {
      const { client } = await signedInClient('wallet-card');
      const created = await client.post('/api/medical-records', medicalForm({ firstName, lastName, ...medical }));
      expect(created.status).toBe(200);

      const pdf = await download(client, created.body.id);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toMatch(/^application\/pdf/);
      expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="emergency-wallet-card-a4.pdf"');
      expect(pdf.headers.get('cache-control')).toBe('no-store');

      const text = textOf(folder, pdf.body);
      for (const printed of [
        `${firstName} ${lastName}`,
        'Epilepsy',
        'Warfarin 5 mg',
        'Pacemaker',
        'Last checked by the owner',
        'Open full card',
        'Read without internet',
        'Bartholomew Quist',
      ]) {
        expect({ printed, found: text.includes(printed) }).toEqual({ printed, found: true });
      }
      // Under the card's code, its reference and where a responder without data texts it (the system's number).
      expect(created.body.reference).toMatch(/^[2-9A-Z]{4} [2-9A-Z]{4}$/);
      expect(text.replace(/\s+/g, ' ')).toContain(`No data? Text ${created.body.reference} to ${SMS_NUMBER}`);

      const { front, back } = cardPlacement('a4');
      const cardQr = sidePng(folder, pdf.body, 'a4', front);
      expect(decodeQr(cardQr)).toBe(created.body.cardUrl);
      const offlineQr = sidePng(folder, pdf.body, 'a4', back);
      const offline = decodeQr(offlineQr);
      expect(offline).toBe(decodeQrWithZbar(offlineQr));
      expect(offline?.split('\n')).toEqual(
        expect.arrayContaining([
          'EMERGENCY MEDICAL ID',
          `Name: ${firstName} ${lastName}`,
          'Takes a blood thinner: Warfarin',
          'Devices and implants: Pacemaker',
        ]),
      );
    },
  );

  it("speaks the owner's language unless asked for another, listed entries named in it", async () => {
    const { client } = await signedInClient('wallet-card-languages');
    const created = await client.post('/api/medical-records', {
      ...medicalForm({ allergies: 'Penicillin, my cat', ...medical }),
      writtenIn: 'es',
    });
    expect(created.status).toBe(200);

    const byDefault = textOf(folder, (await download(client, created.body.id)).body);
    for (const printed of ['Alergias', 'Penicilina, my cat', 'Abrir la ficha completa']) {
      expect({ printed, found: byDefault.includes(printed) }).toEqual({ printed, found: true });
    }

    const german = textOf(folder, (await download(client, created.body.id, '?sheet=a4&lang=de')).body);
    expect(german).toContain('Allergien');
    expect(german).toContain('Penicillin, my cat');
    expect(german).not.toContain('Alergias');
    expect(byDefault.replace(/\s+/g, ' ')).toContain(
      `¿Sin datos? Envíe ${created.body.reference} por SMS al ${SMS_NUMBER}`,
    );
    expect(german.replace(/\s+/g, ' ')).toContain(
      `Keine Daten? Senden Sie ${created.body.reference} per SMS an ${SMS_NUMBER}`,
    );

    const refused = await download(client, created.body.id, '?lang=de,en');
    expect(refused.status).toBe(400);
    expect(refused.body.toString()).toContain('lang must be one of en, es');
  });

  it('comes on US Letter under a name of its own', async () => {
    const { client } = await signedInClient('wallet-card-letter');
    const created = await client.post('/api/medical-records', medicalForm());
    const pdf = await download(client, created.body.id, '?sheet=letter');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="emergency-wallet-card-letter.pdf"');
    const file = join(folder, 'letter.pdf');
    writeFileSync(file, pdf.body);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/^Page size:\s+612 x 792 pts/m);
  });

  it("refuses another sheet with 400, and answers 404 for another person's record, an unknown or malformed id", async () => {
    const { client } = await signedInClient('wallet-card-owner');
    const created = await client.post('/api/medical-records', medicalForm());

    const badSheet = await download(client, created.body.id, '?sheet=a5');
    expect(badSheet.status).toBe(400);
    expect(badSheet.body.toString()).toContain('sheet must be one of a4, letter');

    const { client: someoneElse } = await signedInClient('wallet-card-stranger');
    const stranger = await download(someoneElse, created.body.id);
    expect(stranger.status).toBe(404);
    expect(stranger.body.toString()).not.toContain('%PDF');
    expect((await download(client, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await download(client, 'not-a-record')).status).toBe(404);
  });

  it('asks who is signed in', async () => {
    const response = await fetch(
      `${baseUrl()}/api/medical-records/00000000-0000-4000-8000-000000000000/wallet-card.pdf`,
    );
    expect(response.status).toBe(401);
  });
});
