import { rawGet } from '../card/card-fixtures.js';
import { signedInClient } from '../support/accounts.js';
import { baseUrl } from '../support/api.js';
import { HttpClient } from '../support/http-client.js';
import { medicalForm } from './records-fixtures.js';

describe('each allergy’s severity', () => {
  it('is saved beside the allergies, read back by the owner and the card, and dropped once its entry is removed', async () => {
    const { client } = await signedInClient('allergy-severity');
    const created = await client.post(
      '/api/medical-records',
      medicalForm({
        allergies: 'Penicillin, peanuts; Latex',
        // In any order, and named as the owner likes: each applies to the entry it names, case and spacing aside.
        allergySeverities: [
          { entry: 'latex', severity: 'intolerance' },
          { entry: ' PENICILLIN ', severity: 'anaphylaxis' },
          { entry: 'Peanuts', severity: 'severe' },
          { entry: 'Bee stings', severity: 'severe' },
        ],
      }),
    );
    expect(created.status).toBe(200);
    const path = `/api/medical-records/${created.body.id}`;

    // Kept in the text's order, each naming its entry as the text writes it; one for an entry not written is dropped.
    const saved = [
      { entry: 'Penicillin', severity: 'anaphylaxis' },
      { entry: 'peanuts', severity: 'severe' },
      { entry: 'Latex', severity: 'intolerance' },
    ] as const;
    expect((await client.get(path)).body.allergySeverities).toEqual(saved);
    const card = await new HttpClient().get(`/api/emergency/${created.body.token}`);
    expect(card.body).toMatchObject({ allergies: 'Penicillin, peanuts; Latex', allergySeverities: saved });

    // The owner takes peanuts out of the text but sends the old severities back: peanuts' is not kept.
    const updated = await client.request(
      'PUT',
      path,
      medicalForm({ allergies: 'Penicillin; Latex', allergySeverities: [...saved] }),
      { 'if-match': '"1"' },
    );
    expect(updated.status).toBe(200);
    expect((await client.get(path)).body.allergySeverities).toEqual([
      { entry: 'Penicillin', severity: 'anaphylaxis' },
      { entry: 'Latex', severity: 'intolerance' },
    ]);

    // Typed again later, peanuts come back with no severity said.
    await client.request('PUT', path, medicalForm({ allergies: 'Penicillin; Latex, peanuts' }), { 'if-match': '"2"' });
    expect((await client.get(path)).body.allergySeverities).toEqual([]);
  });

  it('shows on the card page after each allergy, in the reader language, and the owner words as written', async () => {
    const { client } = await signedInClient('allergy-severity-card');
    const created = await client.post(
      '/api/medical-records',
      medicalForm({
        allergies: 'Penicillin, my cat',
        allergySeverities: [
          { entry: 'Penicillin', severity: 'anaphylaxis' },
          { entry: 'my cat', severity: 'intolerance' },
        ],
      }),
    );
    expect(created.status).toBe(200);
    const page = async (language: string) =>
      (await rawGet(`${baseUrl()}/emergency/${created.body.token}`, { 'accept-language': language })).text;
    const english = await page('en');
    expect(english).toMatch(/Penicillin <strong class="severity severity-anaphylaxis">\(anaphylaxis\)<\/strong>/);
    expect(english).toMatch(/my cat<\/span> <strong class="severity severity-intolerance">\(intolerance\)<\/strong>/);
    const spanish = await page('es');
    expect(spanish).toMatch(/Penicilina <strong class="severity severity-anaphylaxis">\(anafilaxia\)<\/strong>/);
  });

  it('reads none for a record saved without them', async () => {
    const { client } = await signedInClient('allergy-severity-none');
    const created = await client.post('/api/medical-records', medicalForm());
    expect((await client.get(`/api/medical-records/${created.body.id}`)).body.allergySeverities).toEqual([]);
    const card = await new HttpClient().get(`/api/emergency/${created.body.token}`);
    expect(card.body.allergySeverities).toEqual([]);
  });

  it.each([
    [
      'not a list',
      { allergySeverities: 'anaphylaxis' },
      'allergySeverities',
      'must be a list of allergies, each with its severity',
    ],
    [
      'an unknown severity',
      { allergySeverities: [{ entry: 'Penicillin', severity: 'mild' }] },
      'allergySeverities.0.severity',
      'must be one of intolerance, severe, anaphylaxis',
    ],
    [
      'a long entry',
      { allergySeverities: [{ entry: 'x'.repeat(201), severity: 'severe' }] },
      'allergySeverities.0.entry',
      'at most 200 characters',
    ],
    [
      'two severities for one entry',
      {
        allergySeverities: [
          { entry: 'Latex', severity: 'severe' },
          { entry: 'latex', severity: 'intolerance' },
        ],
      },
      'allergySeverities',
      'each allergy can have one severity only',
    ],
    [
      '51 severities',
      { allergySeverities: Array.from({ length: 51 }, (_, n) => ({ entry: `food ${n}`, severity: 'severe' })) },
      'allergySeverities',
      'at most 50 allergies with a severity',
    ],
  ])('refuses %s with a 400 saying why', async (_what, bad, path, message) => {
    const refused = await new HttpClient().post('/api/anonymous-medical-record', { ...medicalForm(), ...bad });
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path, message })]));
  });
});
