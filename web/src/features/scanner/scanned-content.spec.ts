import { dialableNumber, parseScannedContent, primaryContactOf } from './scanned-content';

const TOKEN = 'AbCdEfGhIjKlMnOpQrSt-_';

describe('what a scanned code holds', () => {
  it('reads a card link (the app page or the API path) or a bare token as a token', () => {
    for (const text of [
      TOKEN,
      `https://medicalqr.example/emergency/${TOKEN}`,
      `http://localhost:3000/api/emergency/${TOKEN}`,
      `https://medicalqr.example/emergency/${TOKEN}?utm=x`,
      `  https://medicalqr.example/emergency/${TOKEN}\n`,
    ]) {
      expect({ text, content: parseScannedContent(text) }).toEqual({ text, content: { kind: 'token', token: TOKEN } });
    }
  });

  it('reads a JSON code with a gender, contacts and organ donor as true/false or "yes"/"no"', () => {
    const content = parseScannedContent(
      JSON.stringify({
        gender: 'female',
        bloodGroup: 'O-',
        allergies: 'Penicillin',
        medicalConditions: 'Epilepsy',
        organDonor: 'yes',
        emergencyContacts: [
          { name: 'Ana', phone: '+1 555 0100', relationship: 'Sister', isPrimary: false },
          { name: 'Ben', phone: '555-0101', relationship: 'Partner', isPrimary: true },
        ],
      }),
    );
    expect(content).toEqual({
      kind: 'payload',
      legacy: false,
      payload: {
        gender: 'female',
        bloodGroup: 'O-',
        allergies: 'Penicillin',
        medicalConditions: 'Epilepsy',
        organDonor: true,
        emergencyContacts: [
          { name: 'Ana', phone: '+1 555 0100', relationship: 'Sister', isPrimary: false },
          { name: 'Ben', phone: '555-0101', relationship: 'Partner', isPrimary: true },
        ],
      },
    });
    expect(parseScannedContent('{"gender":"male","organDonor":false}')).toMatchObject({
      payload: { organDonor: false },
    });
    expect(parseScannedContent('{"gender":"male","organDonor":"no"}')).toMatchObject({
      payload: { organDonor: false },
    });
    expect(parseScannedContent('{"gender":"male"}')).toMatchObject({
      payload: { organDonor: null, emergencyContacts: [] },
    });
  });

  it('reads the legacy one-contact shape, for the simpler view', () => {
    expect(
      parseScannedContent(
        '{"gender":"male","bloodGroup":"A+","emergencyContactName":"Mo","emergencyContactPhone":"07700 900123"}',
      ),
    ).toMatchObject({
      kind: 'payload',
      legacy: true,
      payload: { emergencyContacts: [{ name: 'Mo', phone: '07700 900123', relationship: '', isPrimary: true }] },
    });
  });

  it('refuses everything else: other links, other JSON, broken JSON, plain text', () => {
    for (const text of [
      'https://example.com/',
      `https://medicalqr.example/emergency/${TOKEN}extra`,
      `javascript:alert(1)//emergency/${TOKEN}`,
      '{"bloodGroup":"A+"}',
      '{"gender":',
      '[1,2]',
      'hello',
      '',
    ]) {
      expect({ text, content: parseScannedContent(text) }).toEqual({ text, content: { kind: 'unknown' } });
    }
  });

  it('calls the primary contact, else the first; dials digits only, keeping a leading +', () => {
    const ana = { name: 'Ana', phone: '+44 (0) 7700-900123', relationship: '', isPrimary: false };
    const ben = { name: 'Ben', phone: '555 0101', relationship: '', isPrimary: true };
    expect(primaryContactOf([ana, ben])).toBe(ben);
    expect(primaryContactOf([ana])).toBe(ana);
    expect(primaryContactOf([])).toBeUndefined();
    expect(dialableNumber(ana.phone)).toBe('+4407700900123');
    expect(dialableNumber('(555) 010-1234 ext')).toBe('5550101234');
  });
});
