import { withoutControlCharacters } from './plain-text.js';
import { medicalFormSchema } from './records.js';

describe('withoutControlCharacters', () => {
  it('removes bidi overrides, embeddings and isolates, and C0/C1 controls', () => {
    expect(withoutControlCharacters('Allergies: \u202Enillicinep\u202C')).toBe('Allergies: nillicinep');
    expect(withoutControlCharacters('\u2066a\u2067b\u2068c\u2069\u202A\u202B\u202D')).toBe('abc');
    expect(withoutControlCharacters('a\u0000b\u0007c\u001Bd\u007Fe\u0085f\u009Fg\r')).toBe('abcdefg');
  });

  it('keeps newlines, tabs, right-to-left letters and marks, and emoji', () => {
    const text = 'line one\n\tline two — אלרגיה לפניצילין \u200F حساسية 💊';
    expect(withoutControlCharacters(text)).toBe(text);
  });
});

describe('the medical form', () => {
  it('stores record text without invisible controls, and a field of nothing but controls is empty', () => {
    const form = medicalFormSchema.parse({
      firstName: 'Sam\u202E',
      lastName: '\u2066Lee\u2069',
      email: 'sam@example.com',
      bloodGroup: 'A+',
      allergies: 'Allergies: \u202Enillicinep\u202C\nLatex\u0007',
      medications: '\u202E\u0000',
      emergencyContacts: [{ name: 'Ana\u202E', phone: '+15550100', relationship: '\u202Dsister' }],
      hasGivenConsent: true,
    });
    expect(form).toMatchObject({
      firstName: 'Sam',
      lastName: 'Lee',
      allergies: 'Allergies: nillicinep\nLatex',
      medications: '',
      emergencyContacts: [{ name: 'Ana', relationship: 'sister' }],
    });
    expect(medicalFormSchema.safeParse({ ...form, firstName: '\u202E', hasGivenConsent: true }).success).toBe(false);
  });
});
