import type { MedicalRecord } from '@medical-qr/contracts';
import { walletCardContent, walletContacts } from './wallet-card-content.js';
import { walletCardLabels } from './wallet-card-labels.js';

const contact = (name: string, isPrimary = false) => ({
  id: crypto.randomUUID(),
  name,
  phone: '+44 7700 900123',
  relationship: '',
  isPrimary,
});

const record = {
  id: crypto.randomUUID(),
  token: 'AbCdEfGhIjKlMnOpQrStUv',
  label: '',
  qrCodeData: '',
  cardUrl: 'https://medicalqr.example/emergency/AbCdEfGhIjKlMnOpQrStUv',
  isActive: true,
  hasGivenConsent: true,
  version: 3,
  firstName: 'ليلى',
  lastName: 'حداد',
  email: 'layla@example.com',
  phoneNumber: null,
  gender: 'female',
  bloodGroup: 'O-',
  allergies: '',
  allergySeverities: [],
  medicalConditions: 'Epilepsy',
  organDonor: null,
  medications: 'Warfarin 5 mg',
  devices: 'Pacemaker',
  languagesSpoken: '',
  careDirectives: '',
  dateOfBirth: '1980-05-02',
  resuscitationStatus: 'not_stated',
  directiveLocation: '',
  interpreterNeeded: null,
  writtenIn: 'en',
  emergencyContacts: [contact('Sam'), contact('Dana', true)],
  createdAt: '2026-03-12T23:30:00.000Z',
  factsCheckedAt: '2026-03-12T23:30:00.000Z',
  expiresAt: null,
} satisfies MedicalRecord;

describe('walletCardContent', () => {
  const content = walletCardContent(record, new Date('2026-11-28T12:00:00Z'), walletCardLabels('en'));

  it('leads with the first-minute block, today’s age included, and puts the same block in the offline text', () => {
    expect(content.firstMinute.slice(0, 2).map(({ label, value }) => `${label}: ${value}`)).toEqual([
      'Name: ليلى حداد',
      'Age: 46',
    ]);
    expect(content.offlineText.split('\n')).toEqual(
      expect.arrayContaining(['EMERGENCY MEDICAL ID', 'Name: ليلى حداد', 'Takes a blood thinner: Warfarin']),
    );
  });

  it('carries the conditions, medications and devices as written, and the day the record was saved', () => {
    expect(content).toMatchObject({ conditions: 'Epilepsy', medications: 'Warfarin 5 mg', devices: 'Pacemaker' });
    expect(content.lastChecked).toBe('Last checked by the owner: Mar\u00a012,\u00a02026');
  });
});

describe('the wallet card in a responder language', () => {
  const content = walletCardContent(
    { ...record, allergies: 'Penicillin, my cat' },
    new Date('2026-11-28T12:00:00Z'),
    walletCardLabels('es'),
  );

  it('says every word in it, names listed entries in it and keeps the owner words as written', () => {
    expect(content.labels.firstMinute.allergies).toBe('Alergias');
    expect(content.labels.devices).toBe('Dispositivos e implantes');
    expect(content.firstMinute.find((line) => line.key === 'allergies')?.value).toBe('Penicilina, my cat');
    expect(content.offlineText.split('\n')[0]).toBe('IDENTIFICACIÓN MÉDICA DE EMERGENCIA');
    expect(content.lastChecked).toBe('Última revisión del titular: 12\u00a0mar\u00a02026');
  });
});

describe("the wallet card's reference line", () => {
  const withReference = { ...record, reference: 'K7QM 4XPD' };
  const at = new Date('2026-11-28T12:00:00Z');
  const line = (content: { referenceLine: Array<{ text: string; value: boolean }> }) =>
    content.referenceLine.map((piece) => (piece.value ? `[${piece.text}]` : piece.text)).join('');

  it('says where to text the reference, each value whole, and the reference alone without a number', () => {
    expect(line(walletCardContent(withReference, at, walletCardLabels('en'), '+12025550143'))).toBe(
      'No data? Text [K7QM\u00a04XPD] to [+12025550143]',
    );
    expect(line(walletCardContent(withReference, at, walletCardLabels('en')))).toBe('Ref. [K7QM\u00a04XPD]');
    expect(walletCardContent(record, at, walletCardLabels('en'), '+12025550143').referenceLine).toEqual([]);
  });

  it("is in the card's language, whatever order it puts the values in, and read from the right in Arabic", () => {
    expect(line(walletCardContent(withReference, at, walletCardLabels('ja'), '+12025550143'))).toBe(
      'データ通信ができない場合は、[K7QM\u00a04XPD] を [+12025550143] にSMSで送ってください',
    );
    const arabic = walletCardContent(withReference, at, walletCardLabels('ar'), '+12025550143');
    expect(line(arabic)).toBe('لا يوجد إنترنت؟ أرسل [K7QM\u00a04XPD] في رسالة نصية إلى [+12025550143]');
    expect(arabic.labels.direction).toBe('rtl');
    expect(walletCardLabels('en').direction).toBe('ltr');
  });
});

describe('walletContacts', () => {
  it('puts the primary first and keeps three, the rest in the owner’s order', () => {
    const names = walletContacts([contact('A'), contact('B'), contact('C', true), contact('D')]).map((c) => c.name);
    expect(names).toEqual(['C', 'A', 'B']);
  });
});
