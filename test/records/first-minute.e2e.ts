import { signedInClient } from '../support/accounts.js';
import { baseUrl } from '../support/api.js';
import { HttpClient } from '../support/http-client.js';
import { medicalForm } from './records-fixtures.js';

/** The age someone born on `date` is today (UTC), as the card should say it. */
function ageToday(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const now = new Date();
  const hadBirthday = now.getUTCMonth() + 1 > month || (now.getUTCMonth() + 1 === month && now.getUTCDate() >= day);
  return now.getUTCFullYear() - year - (hadBirthday ? 0 : 1);
}

describe('the first-minute facts: date of birth, resuscitation, a directive and an interpreter', () => {
  const facts = {
    dateOfBirth: '1979-03-14',
    resuscitationStatus: 'directive',
    directiveLocation: 'Signed form in my wallet, front pocket',
    interpreterNeeded: true,
    languagesSpoken: 'Catalan',
    medications: 'Apixaban 5 mg twice daily',
  } as const;

  it('keeps them for the owner, and shows the card the age, never the date of birth', async () => {
    const { client } = await signedInClient('first-minute');
    const created = await client.post('/api/medical-records', medicalForm(facts));
    expect(created.status).toBe(200);
    const owned = await client.get(`/api/medical-records/${created.body.id}`);
    expect(owned.body).toMatchObject(facts);

    const card = await new HttpClient().get(`/api/emergency/${created.body.token}`);
    expect(card.status).toBe(200);
    expect(card.body).toMatchObject({
      age: ageToday(facts.dateOfBirth),
      resuscitationStatus: 'directive',
      directiveLocation: facts.directiveLocation,
      interpreterNeeded: true,
    });
    expect(card.body).not.toHaveProperty('dateOfBirth');
    expect(JSON.stringify(card.body)).not.toContain('1979-03-14');

    // The page a responder opens leads with them, without a script.
    const html = await (await fetch(`${baseUrl()}/emergency/${created.body.token}`)).text();
    // Its text as read: the owner's words sit in elements of their own (marked with their language).
    const page = html.replace(/<[^>]+>/g, '');
    for (const shown of [
      `Age ${ageToday(facts.dateOfBirth)}`,
      'Advance directive exists',
      facts.directiveLocation,
      'Takes a blood thinner',
      'Catalan · Interpreter needed',
    ]) {
      expect({ shown, onPage: page.includes(shown) }).toEqual({ shown, onPage: true });
    }
    expect(page).not.toContain('1979-03-14');
  });

  it('reads a record saved without them as not stated', async () => {
    const { client } = await signedInClient('first-minute-none');
    const created = await client.post('/api/medical-records', medicalForm());
    const card = await new HttpClient().get(`/api/emergency/${created.body.token}`);
    expect(card.body).toMatchObject({
      age: null,
      resuscitationStatus: 'not_stated',
      directiveLocation: '',
      interpreterNeeded: null,
    });
  });

  it('drops where a directive is kept once the person no longer says there is one', async () => {
    const { client } = await signedInClient('first-minute-dnr');
    const created = await client.post('/api/medical-records', medicalForm({ ...facts, resuscitationStatus: 'dnr' }));
    const card = await new HttpClient().get(`/api/emergency/${created.body.token}`);
    expect(card.body).toMatchObject({ resuscitationStatus: 'dnr', directiveLocation: '' });
  });

  it.each([
    [{ dateOfBirth: '2999-01-01' }, 'dateOfBirth', 'cannot be in the future'],
    [{ dateOfBirth: '1850-06-01' }, 'dateOfBirth', 'must be 1900 or later'],
    [{ dateOfBirth: '14/03/1979' }, 'dateOfBirth', 'must be a date written as YYYY-MM-DD'],
    [{ dateOfBirth: '1979-02-30' }, 'dateOfBirth', 'must be a date written as YYYY-MM-DD'],
    [{ resuscitationStatus: 'maybe' }, 'resuscitationStatus', 'must be one of not_stated, full, dnr, directive'],
    [{ interpreterNeeded: 'yes' }, 'interpreterNeeded', 'must be true, false or null (not stated)'],
    [{ directiveLocation: 'x'.repeat(201) }, 'directiveLocation', 'at most 200 characters'],
  ])('refuses %j with a 400 naming %s', async (bad, path, message) => {
    const refused = await new HttpClient().post('/api/anonymous-medical-record', { ...medicalForm(), ...bad });
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path, message })]));
  });
});
