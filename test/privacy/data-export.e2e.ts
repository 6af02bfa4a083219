import { decodeShlink, ErrorCodes, exportFileName, personalDataExportSchema } from '@medical-qr/contracts';
import { ackKeyIn, textsArrive, uniqueNumber } from '../card/family-alert-fixtures.js';
import { medicalForm, RESPONDER_PHONE } from '../records/records-fixtures.js';
import { addToCart } from '../shop/shop-fixtures.js';
import { signedInClient } from '../support/accounts.js';
import { queryDatabase, sharedDatabase } from '../support/database.js';
import { eventually } from '../support/eventually.js';
import { HttpClient } from '../support/http-client.js';
import { ipsProblems } from '../support/ips-validation.js';

const PASSWORD = 'export-pass-1';
const LOINC = 'http://loinc.org';
const ABSENT_UNKNOWN = 'http://hl7.org/fhir/uv/ips/CodeSystem/absent-unknown-uv-ips';

async function reauthenticate(client: HttpClient, email: string) {
  expect((await client.post('/api/auth/verify-password', { email, password: PASSWORD })).status).toBe(200);
}

/** The resources of a FHIR document bundle by their fullUrl, to follow references. */
function resourcesOf(bundle: { entry: Array<{ fullUrl: string; resource: { resourceType: string } }> }) {
  return new Map(bundle.entry.map((entry) => [entry.fullUrl, entry.resource as Record<string, any>]));
}

describe('GET /api/privacy/export-data', () => {
  it('needs sign-in and a fresh re-authentication', async () => {
    expect((await new HttpClient().get('/api/privacy/export-data')).status).toBe(401);
    const { client } = await signedInClient('export-noreauth', PASSWORD);
    const refused = await client.get('/api/privacy/export-data');
    expect([refused.status, refused.body.code]).toEqual([403, ErrorCodes.REAUTH_REQUIRED]);
  });

  it('downloads what every service holds about the person, and an IPS summary of the current record', async () => {
    const { client, email } = await signedInClient('export-full', PASSWORD);
    const record = await client.post('/api/medical-records', medicalForm({ email, medications: '' }));
    expect(record.status).toBe(200);
    // A scan, a cart line, a consent revoked and given again, a deletion request: each from another service.
    const scan = await new HttpClient().get(`/api/emergency-card/${record.body.token}`, {
      'user-agent': RESPONDER_PHONE,
    });
    expect(scan.status).toBe(200);
    await addToCart(client);
    await reauthenticate(client, email);
    await client.post('/api/privacy/revoke-consent', { reason: 'Trying it out' });
    await client.post('/api/privacy/give-consent', {});
    await client.post('/api/privacy/request-deletion', { reason: 'Leaving' });

    const response = await eventually(
      () => client.get('/api/privacy/export-data'),
      (reply) =>
        reply.status === 200 &&
        reply.body.records.scanLog.length > 0 &&
        reply.body.privacy.auditLog.some((entry: { action: string }) => entry.action === 'records.card.viewed'),
    );
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${exportFileName(new Date())}"`);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toContain('no-store');
    const exported = response.body;

    expect(exported.account).toMatchObject({ email, firstName: 'Amara', emailVerified: true });
    expect(exported.records.records).toHaveLength(1);
    expect(exported.records.records[0]).toMatchObject({
      id: record.body.id,
      token: record.body.token,
      reference: record.body.reference,
      allergies: 'Penicillin anaphylaxis; latex',
      emergencyContacts: [expect.objectContaining({ name: 'Bartholomew Quist' })],
    });
    expect(exported.records.records[0].reference).toMatch(/^[2-9A-HJKMNP-TW-Z]{4} [2-9A-HJKMNP-TW-Z]{4}$/);
    expect(exported.records.records[0]).not.toHaveProperty('qrCodeData');
    expect(exported.records.scanLog[0]).toMatchObject({ recordId: record.body.id, source: 'card' });
    expect(exported.records.tags).toEqual([]);
    expect(exported.cart).toHaveLength(1);
    expect(exported.cart[0]).toMatchObject({ shippingCity: 'Portland' });
    expect(exported.orders).toEqual([]);
    // The address the shop keeps to fill in the next order is the person's too.
    expect(exported.shippingAddress).toMatchObject({
      countryCode: 'US',
      shippingAddressLine1: '12 Harbour Street',
      shippingCity: 'Portland',
    });
    expect(exported.billing).toEqual({ stripeCustomerId: null, subscriptions: [] });
    expect(exported.privacy.consentHistory).toEqual([
      { given: false, reason: 'Trying it out', occurredAt: expect.any(String) },
      { given: true, reason: '', occurredAt: expect.any(String) },
    ]);
    expect(exported.privacy.deletionRequest).toMatchObject({ status: 'requested', reason: 'Leaving' });
    expect(exported.privacy.auditLog.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining([
        'auth.registered',
        'records.record.created',
        'records.card.viewed',
        'privacy.consent.revoked',
      ]),
    );

    // The IPS document: a Composition with the three required sections, each pointing at resources in the bundle.
    const ips = exported.internationalPatientSummary;
    expect([ips.resourceType, ips.type]).toEqual(['Bundle', 'document']);
    // Valid FHIR R4 and a valid IPS document, as an outside reader checks it.
    expect(ipsProblems(ips)).toEqual([]);
    const resources = resourcesOf(ips);
    const composition = ips.entry[0].resource;
    expect(composition).toMatchObject({ resourceType: 'Composition', status: 'final' });
    expect(composition.type.coding[0]).toMatchObject({ system: LOINC, code: '60591-5' });
    const patient = resources.get(composition.subject.reference);
    expect(patient).toMatchObject({ resourceType: 'Patient', gender: 'female' });
    const section = (code: string) =>
      composition.section.find((candidate: any) => candidate.code.coding[0].code === code);
    const entriesOf = (code: string) =>
      section(code).entry.map((reference: { reference: string }) => resources.get(reference.reference));
    for (const code of ['48765-2', '10160-0', '11450-4']) {
      expect(section(code)).toBeDefined();
      expect(section(code).text.div).toMatch(/^<div xmlns="http:\/\/www.w3.org\/1999\/xhtml">/);
      expect(entriesOf(code).length).toBeGreaterThan(0);
      for (const resource of entriesOf(code)) expect(resource).toBeDefined();
    }
    const allergies = entriesOf('48765-2');
    expect(allergies.map((allergy: any) => [allergy.resourceType, allergy.code.text])).toEqual([
      ['AllergyIntolerance', 'Penicillin anaphylaxis'],
      ['AllergyIntolerance', 'latex'],
    ]);
    // A listed term is coded in SNOMED CT beside the text as written; the person's own words stay text only.
    expect(allergies.map((allergy: any) => allergy.code.coding)).toEqual([
      undefined,
      [{ system: 'http://snomed.info/sct', code: '111088007', display: 'Latex' }],
    ]);
    for (const allergy of allergies) expect(allergy.patient.reference).toBe(composition.subject.reference);
    // No medications written: IPS's "no information about medications" (a blank is not "none").
    expect(entriesOf('10160-0')).toEqual([
      expect.objectContaining({
        resourceType: 'MedicationStatement',
        medicationCodeableConcept: {
          coding: [{ system: ABSENT_UNKNOWN, code: 'no-medication-info', display: 'No information about medications' }],
        },
      }),
    ]);
    expect(entriesOf('11450-4')[0]).toMatchObject({
      resourceType: 'Condition',
      code: { text: 'Type 1 diabetes (insulin pump)' },
    });
  });

  it("exports a stranger's card view only as the coarse viewer the scan log keeps, never their address or browser string", async () => {
    const { client, email } = await signedInClient('export-viewer', PASSWORD);
    const record = await client.post('/api/medical-records', medicalForm({ email }));
    expect(record.status).toBe(200);
    const responderIp = '2001:db8:77::4242';
    const responderAgent =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/ZZ99-RESPONDER) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.39 Mobile Safari/537.36';
    const responder = new HttpClient(responderIp);
    const opened = await responder.get(`/api/emergency-card/${record.body.token}`, { 'user-agent': responderAgent });
    expect(opened.status).toBe(200);
    await reauthenticate(client, email);

    const response = await eventually(
      () => client.get('/api/privacy/export-data'),
      (reply) =>
        reply.status === 200 &&
        reply.body.privacy.auditLog.some((entry: { action: string }) => entry.action === 'records.card.viewed'),
    );
    const text = JSON.stringify(response.body);
    expect(text).not.toContain(responderIp);
    expect(text).not.toContain('ZZ99-RESPONDER');
    expect(text).not.toContain('Chrome/131');
    const view = response.body.privacy.auditLog.find(
      (entry: { action: string }) => entry.action === 'records.card.viewed',
    );
    expect(view).toMatchObject({ viewer: 'Chrome on Android' });
  });

  it("exports the person's health links, every reader's access and their family alerts, and nothing that opens a link", async () => {
    const { client, email } = await signedInClient('export-shared', PASSWORD);
    const contactNumber = uniqueNumber();
    const contact = { name: 'Bartholomew Quist', phone: contactNumber, relationship: 'Brother', isPrimary: true };
    const record = await client.post('/api/medical-records', medicalForm({ email, emergencyContacts: [contact] }));
    expect(record.status).toBe(200);

    // A link with a passcode that follows the record (so its key is kept too, wrapped), opened once by a reader.
    const made = await client.post('/api/health-links', {
      label: 'For Dr Reyes',
      passcode: 'harbour-47',
      longTerm: true,
    });
    expect(made.status).toBe(200);
    const payload = decodeShlink(made.body.shlink)!;
    const reader = new HttpClient();
    const opened = await reader.post(payload.url, {
      recipient: 'Dr Ines Reyes, Harbour Clinic',
      passcode: 'harbour-47',
    });
    expect(opened.status).toBe(200);
    // An alert sent from the card, which the contact answered.
    const sent = await new HttpClient().post(`/api/emergency-card/${record.body.token}/family-alerts`, {
      responderName: 'Sam',
      callbackNumber: '+44 7700 900456',
      message: 'Taken to the Harbour Clinic',
    });
    expect(sent.status).toBe(201);
    const [text] = await textsArrive(contactNumber);
    const ackKey = ackKeyIn(text!.body)!;
    expect((await new HttpClient().post('/api/family-alerts/acknowledge', { ackKey })).status).toBe(200);
    await reauthenticate(client, email);

    const response = await client.get('/api/privacy/export-data');
    expect(response.status).toBe(200);
    expect(personalDataExportSchema.safeParse(response.body).error).toBeUndefined();
    const { healthLinks, healthLinkAccesses, familyAlerts } = response.body.records;
    expect(healthLinks).toEqual([
      {
        id: made.body.id,
        recordId: record.body.id,
        label: 'For Dr Reyes',
        longTerm: true,
        directFile: false,
        hasPasscode: true,
        createdAt: expect.any(String),
        expiresAt: null,
        revokedAt: null,
        state: 'active',
        remainingAttempts: 10,
      },
    ]);
    expect(healthLinkAccesses).toEqual([
      { linkId: made.body.id, at: expect.any(String), recipient: 'Dr Ines Reyes, Harbour Clinic' },
    ]);
    // The alerts as the person's account lists them.
    expect(familyAlerts).toEqual((await client.get('/api/family-alerts')).body.alerts);
    expect(familyAlerts).toEqual([
      expect.objectContaining({
        recordId: record.body.id,
        contactsTexted: 1,
        state: 'acknowledged',
        acknowledgedBy: { name: 'Bartholomew Quist', relationship: 'Brother' },
        note: {
          responderName: 'Sam',
          callbackNumber: '+44 7700 900456',
          message: 'Taken to the Harbour Clinic',
          source: 'card',
        },
      }),
    ]);

    // Nothing that opens the link or answers for someone: the file, the key (in the link and wrapped), the passcode
    // and its hash, the link's id and its hash, the alert's keys and their hashes.
    const [link] = await queryDatabase<Record<string, string>>(
      sharedDatabase(),
      'select file, wrapped_key, passcode_hash, manifest_id_hash from records.health_links where id = $1',
      [made.body.id],
    );
    const [alert] = await queryDatabase<Record<string, string>>(
      sharedDatabase(),
      `select a.status_key_hash, c.ack_key_hash from records.family_alerts a
         join records.family_alert_contacts c on c.alert_id = a.id where a.record_id = $1`,
      [record.body.id],
    );
    const secrets = {
      ...link,
      ...alert,
      key: payload.key,
      manifestId: payload.url.slice(payload.url.lastIndexOf('/') + 1),
      passcode: 'harbour-47',
      statusKey: sent.body.statusKey as string,
      ackKey,
    };
    const exported = JSON.stringify(response.body);
    for (const [name, secret] of Object.entries(secrets)) {
      expect({ name, present: Boolean(secret), exported: exported.includes(secret) }).toEqual({
        name,
        present: true,
        exported: false,
      });
    }
  });

  it('refuses an eleventh export within the hour', async () => {
    const { client, email } = await signedInClient('export-limit', PASSWORD);
    await reauthenticate(client, email);
    for (let count = 1; count <= 10; count++) {
      expect((await client.get('/api/privacy/export-data')).status).toBe(200);
    }
    const refused = await client.get('/api/privacy/export-data');
    expect([refused.status, refused.body.code]).toEqual([429, ErrorCodes.RATE_LIMITED]);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
