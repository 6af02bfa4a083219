import { FIRST_MINUTE_LABELS_EN, firstMinuteBlock, type FirstMinuteSource } from './first-minute-block.js';
import { OFFLINE_TEXT_MAX_BYTES, offlineCardText } from './offline-card-text.js';

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

const short: FirstMinuteSource = {
  firstName: 'Layla',
  lastName: 'Haddad',
  age: 47,
  bloodGroup: 'O-',
  resuscitationStatus: 'dnr',
  allergies: 'Penicillin, peanuts',
  medications: 'Warfarin 5 mg',
  devices: 'Pacemaker',
  languagesSpoken: 'Arabic, French',
  interpreterNeeded: true,
  emergencyContacts: [
    { name: 'Omar', phone: '+44 7700 900123', relationship: 'Brother', isPrimary: false },
    { name: 'Sara', phone: '+44 7700 900456', relationship: 'Wife', isPrimary: true },
  ],
};

/** A record at every limit, in scripts of three bytes a character: it cannot fit whole. */
const long: FirstMinuteSource = {
  ...short,
  firstName: 'लैला अमीरा',
  lastName: '王 Хаддад حداد',
  resuscitationStatus: 'directive',
  directiveLocation: '预先医疗指示的原件在卧室书桌左边第二个抽屉里的蓝色文件夹中'.repeat(3),
  allergies: '对青霉素、花生、乳胶和蜂毒严重过敏，曾经发生过敏性休克，需要立即注射肾上腺素。'.repeat(20),
  medications: 'Apixaban 5 mg, Lantus 20 units, ' + 'другие лекарства '.repeat(100),
  devices: 'Pacemaker, ' + 'インスリンポンプ'.repeat(40),
  languagesSpoken: 'हिन्दी, العربية, 中文, Русский, English',
};

describe('the offline QR text: the first-minute block as plain text', () => {
  it('holds every fact of a short record, in the order a crew reads them, and is not cut', () => {
    const { text, cut } = offlineCardText(firstMinuteBlock(short), FIRST_MINUTE_LABELS_EN);
    expect(cut).toBe(false);
    expect(text.split('\n')).toEqual([
      'EMERGENCY MEDICAL ID',
      'Name: Layla Haddad',
      'Age: 47',
      'Blood group: O-',
      'Resuscitation: Do not resuscitate (DNR)',
      'Allergies: Penicillin, Peanuts',
      'Takes a blood thinner: Warfarin',
      'Devices and implants: Pacemaker',
      'Languages spoken: Arabic, French · Interpreter needed',
      'Call: Sara (Wife) +44 7700 900456',
    ]);
  });

  it('names listed entries in the reader language and keeps the owner words as written', () => {
    const lines = firstMinuteBlock({ ...short, allergies: 'Penicillin, my cat' }, 'es');
    expect(lines.find((line) => line.key === 'allergies')?.value).toBe('Penicilina, my cat');
  });

  it('cuts a long record to fit, keeping the most important facts and saying it was cut', async () => {
    const { text, cut } = offlineCardText(firstMinuteBlock(long), FIRST_MINUTE_LABELS_EN);
    expect(cut).toBe(true);
    expect(bytes(text)).toBeLessThanOrEqual(OFFLINE_TEXT_MAX_BYTES);
    const lines = text.split('\n');
    expect(lines[0]).toBe('EMERGENCY MEDICAL ID');
    expect(lines.at(-1)).toBe(FIRST_MINUTE_LABELS_EN.cut);
    expect(lines).toContain('Name: लैला अमीरा 王 Хаддад حداد');
    expect(lines).toContain('Takes a blood thinner: Apixaban');
    expect(lines).toContain('Call: Sara (Wife) +44 7700 900456');
    expect(lines.find((line) => line.startsWith('Allergies: '))).toMatch(/…$/);
    // Still whole characters: nothing was cut inside a character's bytes.
    expect(text).not.toContain('\uFFFD');
  });

  it('never passes the limit, whatever the record holds', () => {
    for (let size = 0; size < 400; size += 7) {
      const source = { ...long, allergies: 'x'.repeat(size), firstName: 'é'.repeat(size % 60) };
      const { text } = offlineCardText(firstMinuteBlock(source), FIRST_MINUTE_LABELS_EN);
      expect(bytes(text)).toBeLessThanOrEqual(OFFLINE_TEXT_MAX_BYTES);
    }
  });
});

describe('the allergies line of the first-minute block', () => {
  const allergiesOf = (
    source: Partial<FirstMinuteSource>,
    language: 'en' | 'es' = 'en',
    labels = FIRST_MINUTE_LABELS_EN,
  ) => firstMinuteBlock({ ...short, ...source }, language, labels).find((line) => line.key === 'allergies');

  it('puts the most severe first, each with its severity, and the others after in the owner order', () => {
    const line = allergiesOf({
      allergies: 'Latex, my cat, peanuts; Penicillin',
      allergySeverities: [
        { entry: 'peanuts', severity: 'severe' },
        { entry: 'PENICILLIN', severity: 'anaphylaxis' },
      ],
    });
    expect(line).toMatchObject({ value: 'Penicillin (anaphylaxis), Peanuts (severe), Latex, my cat', tone: 'alert' });
    const { text } = offlineCardText(
      firstMinuteBlock({ ...short, allergySeverities: [{ entry: 'Peanuts', severity: 'anaphylaxis' }] }),
      FIRST_MINUTE_LABELS_EN,
    );
    expect(text.split('\n')).toContain('Allergies: Peanuts (anaphylaxis), Penicillin');
  });

  it('says the severity in the words another language supplies, beside the listed name in that language', () => {
    const spanish = {
      ...FIRST_MINUTE_LABELS_EN,
      allergySeverities: { intolerance: 'intolerancia', severe: 'grave', anaphylaxis: 'anafilaxia' },
    };
    const line = allergiesOf(
      { allergies: 'Penicillin, my cat', allergySeverities: [{ entry: 'penicillin', severity: 'anaphylaxis' }] },
      'es',
      spanish,
    );
    expect(line?.value).toBe('Penicilina (anafilaxia), my cat');
  });

  it('is an alert while any allergy may be serious, and plain only when each is an intolerance', () => {
    const intolerances = [
      { entry: 'Lactose', severity: 'intolerance' },
      { entry: 'Gluten', severity: 'intolerance' },
    ] as const;
    expect(allergiesOf({ allergies: 'Lactose, gluten', allergySeverities: intolerances })).toMatchObject({
      value: 'Lactose (intolerance), Gluten (intolerance)',
      tone: 'plain',
    });
    expect(allergiesOf({ allergies: 'Lactose, gluten, wasps', allergySeverities: intolerances })?.tone).toBe('alert');
  });

  it('reads a record saved before severities as before: the allergies as written, an alert', () => {
    const line = allergiesOf({ allergies: 'Penicillin, peanuts' });
    expect(line).toEqual({ key: 'allergies', label: 'Allergies', value: 'Penicillin, Peanuts', tone: 'alert' });
  });

  it('ignores a severity for an entry the allergies do not name, and says none recorded without allergies', () => {
    const stale = [{ entry: 'Latex', severity: 'anaphylaxis' }] as const;
    expect(allergiesOf({ allergies: 'Penicillin', allergySeverities: stale })?.value).toBe('Penicillin');
    expect(allergiesOf({ allergies: '', allergySeverities: stale })).toMatchObject({
      value: 'None recorded',
      tone: 'muted',
    });
  });
});
