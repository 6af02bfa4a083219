import { MEDICAL_TERMS_LIMIT_MAX, MEDICAL_TERMS_SEARCH_MAX } from '@medical-qr/contracts';
import { api } from '../support/api.js';
import { HttpClient } from '../support/http-client.js';

const SNOMED = 'http://snomed.info/sct';

/** The terms' displays, in the order answered. */
const displays = (body: { terms: Array<{ display: string }> }) => body.terms.map((term) => term.display);

describe('GET /api/medical-terms', () => {
  it('answers anyone, without a session: listed terms starting with the search first, coded in SNOMED CT', async () => {
    const found = await new HttpClient().get('/api/medical-terms?search=pen');
    expect(found.status).toBe(200);
    expect(found.headers.get('set-cookie')).toBeNull();
    expect(found.body.terms[0]).toEqual({
      code: '764146007',
      system: SNOMED,
      category: 'allergen',
      display: 'Penicillin',
    });
  });

  it('searches the names of the asked language and answers in it', async () => {
    const spanish = await new HttpClient().get('/api/medical-terms?search=cacahu&lang=es');
    expect(spanish.body.terms).toEqual([
      { code: '762952008', system: SNOMED, category: 'allergen', display: 'Cacahuetes' },
    ]);
    // The same term found by its English name, shown in Japanese.
    const japanese = await new HttpClient().get('/api/medical-terms?search=peanut&lang=ja');
    expect(displays(japanese.body)).toEqual(['ピーナッツ']);
    // A Spanish word is not searched when English is asked.
    expect((await new HttpClient().get('/api/medical-terms?search=cacahu')).body.terms).toEqual([]);
  });

  it('keeps to a category and to the limit', async () => {
    const medications = await new HttpClient().get('/api/medical-terms?search=aspirin&category=medication');
    expect(medications.body.terms).toEqual([
      { code: '387458008', system: SNOMED, category: 'medication', display: 'Aspirin' },
    ]);
    const devices = await new HttpClient().get('/api/medical-terms?category=device&limit=3');
    expect(displays(devices.body)).toEqual(['Pacemaker', 'Implantable defibrillator', 'Insulin pump']);
  });

  it.each([
    ['category=food', 'category', 'must be one of allergen, condition, medication, device'],
    ['lang=xx', 'lang', 'must be one of en, es, fr, de, it, pt, pl, ru, ar, zh, ja, hi'],
    ['limit=0', 'limit', `must be a whole number from 1 to ${MEDICAL_TERMS_LIMIT_MAX}`],
    [`limit=${MEDICAL_TERMS_LIMIT_MAX + 1}`, 'limit', `must be a whole number from 1 to ${MEDICAL_TERMS_LIMIT_MAX}`],
    ['limit=ten', 'limit', `must be a whole number from 1 to ${MEDICAL_TERMS_LIMIT_MAX}`],
    [
      `search=${'a'.repeat(MEDICAL_TERMS_SEARCH_MAX + 1)}`,
      'search',
      `must be at most ${MEDICAL_TERMS_SEARCH_MAX} characters`,
    ],
  ])('refuses %s with a 400 naming %s', async (query, path, message) => {
    const refused = await new HttpClient().get(`/api/medical-terms?${query}`);
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path, message })]));
  });

  it('lets anyone cache the answer a day, and answers 304 to a client that holds it', async () => {
    const client = new HttpClient();
    const first = await client.get('/api/medical-terms?search=warf&category=medication');
    expect(first.headers.get('cache-control')).toBe('public, max-age=86400');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await client.get('/api/medical-terms?search=warf&category=medication', { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    // Another question is another answer.
    const other = await client.get('/api/medical-terms?search=hep&category=medication', { 'if-none-match': etag! });
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).not.toBe(etag);
  });

  it('is in the OpenAPI document with its query parameters', async () => {
    const document = (await api('/api/docs-json')).body;
    const operation = document.paths['/api/medical-terms'].get;
    expect(
      operation.parameters.map((parameter: { in: string; name: string }) => `${parameter.in}:${parameter.name}`),
    ).toEqual(expect.arrayContaining(['query:search', 'query:category', 'query:lang', 'query:limit']));
    expect(Object.keys(operation.responses['200'].content['application/json'].schema.properties)).toEqual(['terms']);
  });
});
