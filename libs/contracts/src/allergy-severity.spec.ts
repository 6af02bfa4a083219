import { severitiesForText } from './allergy-severity.js';
import { emergencyCardSchema, MAX_ALLERGY_SEVERITIES, medicalFormSchema, medicalRecordSchema } from './records.js';

const form = {
  firstName: 'Sam',
  lastName: 'Lee',
  email: 'sam@example.com',
  bloodGroup: 'A+',
  allergies: 'Penicillin, peanuts; Latex',
  hasGivenConsent: true,
} as const;

/** The messages a form with these severities is refused with, by path. */
function problems(allergySeverities: unknown): Record<string, string> {
  const result = medicalFormSchema.safeParse({ ...form, allergySeverities });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('allergy severities on the medical form', () => {
  it('takes a severity for some entries, and none said when the field is left out', () => {
    const parsed = medicalFormSchema.parse({
      ...form,
      allergySeverities: [
        { entry: ' Penicillin\u202E ', severity: 'anaphylaxis' },
        { entry: 'latex', severity: 'intolerance' },
      ],
    });
    expect(parsed.allergySeverities).toEqual([
      { entry: 'Penicillin', severity: 'anaphylaxis' },
      { entry: 'latex', severity: 'intolerance' },
    ]);
    expect(medicalFormSchema.parse(form).allergySeverities).toEqual([]);
  });

  it('refuses what is not a list of entries with a known severity, saying why', () => {
    expect(problems('anaphylaxis')).toEqual({
      allergySeverities: 'must be a list of allergies, each with its severity',
    });
    expect(problems([{ entry: 'Penicillin', severity: 'mild' }])).toEqual({
      'allergySeverities.0.severity': 'must be one of intolerance, severe, anaphylaxis',
    });
    expect(problems([{ entry: '  ', severity: 'severe' }])).toEqual({
      'allergySeverities.0.entry': 'must name one of the allergies',
    });
    expect(problems([{ entry: 'x'.repeat(201), severity: 'severe' }])).toEqual({
      'allergySeverities.0.entry': 'at most 200 characters',
    });
    expect(problems([{ entry: 'Penicillin', severity: 'severe', note: 'hives' }])).toEqual({
      'allergySeverities.0': 'Unrecognized key: "note"',
    });
  });

  it('refuses two severities for one entry, and more than the most a record keeps', () => {
    expect(
      problems([
        { entry: 'Penicillin', severity: 'severe' },
        { entry: 'PENICILLIN ', severity: 'intolerance' },
      ]),
    ).toEqual({ allergySeverities: 'each allergy can have one severity only' });
    const many = Array.from({ length: MAX_ALLERGY_SEVERITIES + 1 }, (_, n) => ({
      entry: `food ${n}`,
      severity: 'severe',
    }));
    expect(problems(many)).toEqual({
      allergySeverities: `at most ${MAX_ALLERGY_SEVERITIES} allergies with a severity`,
    });
    expect(problems(many.slice(1))).toEqual({});
  });
});

describe('allergy severities read from records saved before them', () => {
  const card = {
    firstName: 'Sam',
    lastName: 'Lee',
    email: 'sam@example.com',
    phoneNumber: null,
    gender: 'unspecified',
    bloodGroup: 'A+',
    allergies: 'Penicillin',
    medicalConditions: '',
    organDonor: null,
    medications: '',
    devices: '',
    languagesSpoken: '',
    careDirectives: '',
    emergencyContacts: [],
    createdAt: '2026-11-28T10:00:00.000Z',
    factsCheckedAt: '2026-11-28T10:00:00.000Z',
    expiresAt: null,
  };

  it('reads a card without them as none said', () => {
    expect(emergencyCardSchema.parse(card).allergySeverities).toBeUndefined();
  });

  it('reads an owner record without them as an empty list', () => {
    const record = medicalRecordSchema.parse({
      ...card,
      id: '8c0f8f4e-4b6e-4a47-9d7e-3f1f5d0f7a11',
      token: 'AbCdEfGhIjKlMnOpQrStUv',
      label: '',
      qrCodeData: '',
      cardUrl: 'https://medicalqr.example/emergency/AbCdEfGhIjKlMnOpQrStUv',
      isActive: true,
      hasGivenConsent: true,
      version: 1,
    });
    expect(record.allergySeverities).toEqual([]);
  });
});

describe('the severities that still apply to the allergies as written', () => {
  it('keeps those whose entry the text names (case, accents and spacing aside), as the text writes it', () => {
    expect(
      severitiesForText('Pénicilline, Peanuts\nLatex', [
        { entry: 'latex', severity: 'intolerance' },
        { entry: 'penicilline', severity: 'anaphylaxis' },
      ]),
    ).toEqual([
      { entry: 'Pénicilline', severity: 'anaphylaxis' },
      { entry: 'Latex', severity: 'intolerance' },
    ]);
  });

  it('drops a severity whose entry is no longer in the text, and one named only inside another entry', () => {
    const severities = [
      { entry: 'Penicillin', severity: 'anaphylaxis' },
      { entry: 'Peanuts', severity: 'severe' },
    ] as const;
    expect(severitiesForText('Peanut butter, latex', severities)).toEqual([]);
    expect(severitiesForText('', severities)).toEqual([]);
  });

  it('keeps one severity for an entry the text names twice', () => {
    expect(severitiesForText('Latex, LATEX', [{ entry: 'latex', severity: 'severe' }])).toEqual([
      { entry: 'Latex', severity: 'severe' },
    ]);
  });
});
