import { jest } from '@jest/globals';
import { RecordsMessages, type DashboardResponse, type MedicalRecord } from '@medical-qr/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aUser, errorReply, signedOut, stubFetch, type FetchStub, type StubHandler } from '../../../test/fetch-stub';
import { fillMedicalForm } from '../../../test/medical-form';
import { aMedicalRecord, anExpiredRecord, QR_PNG } from '../../../test/records-fixtures';
import { renderApp } from '../../../test/render-with-providers';
import { advance } from '../../../test/timers';
import { visibleToasts } from '../../../test/toasts';
import { SESSION_ENDED_NOTICE } from '../../features/auth';
import { medicalFormOfRecord } from '../../features/medical-records/medical-form-values';
import { STILL_SIGNED_OUT } from '../../features/medical-records/use-record-update';

let api: FetchStub | undefined;

afterEach(() => {
  sessionStorage.clear();
  api?.restore();
  api = undefined;
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const dashboardOf = (record: DashboardResponse['record']): DashboardResponse => ({
  record,
  emergencyContacts: record?.emergencyContacts ?? [],
});

/** Ada signed in, with `dashboard` as her home page data. */
function signedInHome(dashboard: DashboardResponse, routes: Record<string, StubHandler> = {}, user = aUser()) {
  api = stubFetch({
    'GET /api/auth/user': { body: user },
    'GET /api/medical-records/dashboard': { body: dashboard },
    ...routes,
  });
  return renderApp('/');
}

async function medicalForm() {
  const section = await screen.findByRole('region', { name: /^(Your medical information|Create your QR code)$/ });
  return section;
}

const field = (scope: HTMLElement, label: string | RegExp) => within(scope).getByLabelText(label) as HTMLInputElement;

describe('signed-in home: the dashboard', () => {
  it('shows the expired card, with an upgrade, when the code has expired', async () => {
    const { router } = signedInHome(dashboardOf(anExpiredRecord()));
    expect(await screen.findByRole('heading', { name: 'Your QR code has expired' })).toBeTruthy();
    expect(screen.getByText(/Free codes last 2 days without an account and 10 days with one/)).toBeTruthy();
    expect(screen.queryByLabelText('First name')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create New QR Code' })).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Upgrade to Premium' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
  });

  it('lets a premium user start a new code from the expired card', async () => {
    signedInHome(dashboardOf(anExpiredRecord()), {}, aUser({ isPremium: true }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create New QR Code' }));
    const form = await medicalForm();
    expect(field(form, 'First name').value).toBe('Ada');
  });

  it('prefills the form from the active record and shows its code beside it', async () => {
    const record = aMedicalRecord();
    signedInHome(dashboardOf(record));
    const form = await medicalForm();

    expect(field(form, 'First name').value).toBe('Ada');
    expect(field(form, 'Last name').value).toBe('Lovelace');
    expect(field(form, 'Email').value).toBe('ada@example.com');
    expect(field(form, 'Blood group').value).toBe('AB-');
    expect(field(form, 'Gender').value).toBe('female');
    expect(field(form, 'Allergies').value).toBe('Latex');
    expect(field(form, 'Medical conditions').value).toBe('Asthma');
    const organDonor = within(within(form).getByRole('group', { name: 'Organ donor' }));
    expect((organDonor.getByRole('radio', { name: 'Yes' }) as HTMLInputElement).checked).toBe(true);
    expect(field(form, 'Medications').value).toBe('Salbutamol inhaler');
    expect(field(form, 'Languages spoken').value).toBe('English, French');
    expect(field(form, 'Devices and implants').value).toBe('');
    // The record holds consent: the box stays ticked rather than asking again.
    expect((within(form).getByRole('checkbox', { name: /^I agree/ }) as HTMLInputElement).checked).toBe(true);
    const contact = within(within(form).getByRole('group', { name: 'Contact 1' }));
    expect((contact.getByLabelText('Name') as HTMLInputElement).value).toBe('Charles Babbage');
    expect((contact.getByRole('checkbox', { name: /^Primary contact/ }) as HTMLInputElement).checked).toBe(true);

    const panel = screen.getByRole('region', { name: 'Your current QR code' });
    expect(within(panel).getByRole('img', { name: 'QR code that opens your emergency card' }).getAttribute('src')).toBe(
      QR_PNG,
    );
    expect(within(panel).getByText(/^Valid until /)).toBeTruthy();
    expect(within(form).getByText('Your QR code stays the same; printed copies show the new details.')).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Save changes' })).toBeTruthy();
  });

  it('shows a not-stated organ donor and gender as unanswered, not as "No"', async () => {
    signedInHome(dashboardOf(aMedicalRecord({ organDonor: null, gender: 'unspecified' })));
    const form = await medicalForm();
    const organDonor = within(within(form).getByRole('group', { name: 'Organ donor' }));
    expect((organDonor.getByRole('radio', { name: 'Not stated' }) as HTMLInputElement).checked).toBe(true);
    expect((organDonor.getByRole('radio', { name: 'No' }) as HTMLInputElement).checked).toBe(false);
    const gender = field(form, 'Gender') as unknown as HTMLSelectElement;
    expect(gender.value).toBe('unspecified');
    expect(gender.selectedOptions[0]?.textContent).toBe('Select…');
    expect(Array.from(gender.options, (option) => option.textContent)).toEqual([
      'Select…',
      'Male',
      'Female',
      'Other',
      'Prefer not to say',
    ]);
  });

  it("starts from the account's details when there is no record yet", async () => {
    signedInHome(dashboardOf(null), {}, aUser({ phoneNumber: '+44 20 7946 0000' }));
    const form = await medicalForm();
    expect(field(form, 'First name').value).toBe('Ada');
    expect(field(form, 'Email').value).toBe('ada@example.com');
    expect(field(form, /^Phone number/).value).toBe('+44 20 7946 0000');
    expect(field(form, 'Blood group').value).toBe('');
    expect(screen.getByText('No active QR code')).toBeTruthy();
  });
});

describe('signed-in home: saving', () => {
  const recordPath = '/api/medical-records/6f1c2f0e-8a4b-4c39-9d63-0f1e2d3c4b5a';

  it('saves edits in place: PUT to the same record, the code kept, consent still given', async () => {
    let current = aMedicalRecord();
    signedInHome(dashboardOf(current), {
      'GET /api/medical-records/dashboard': () => ({ body: dashboardOf(current) }),
      [`PUT ${recordPath}`]: ({ body }) => {
        current = { ...current, ...(body as Partial<MedicalRecord>), emergencyContacts: current.emergencyContacts };
        return { body: current };
      },
    });
    const form = await medicalForm();
    fillMedicalForm(form, { allergies: 'Latex, penicillin', devices: 'Pacemaker', organDonor: 'Not stated' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(visibleToasts()).toEqual([
        {
          type: 'success',
          title: 'Changes saved',
          description: 'Your card shows them now. Your QR code and its printed copies keep working.',
        },
      ]),
    );
    expect(api?.callsTo(`PUT ${recordPath}`)[0]?.body).toMatchObject({
      allergies: 'Latex, penicillin',
      devices: 'Pacemaker',
      organDonor: null,
      hasGivenConsent: true,
    });
    expect(api?.callsTo('POST /api/medical-records')).toEqual([]);
    await waitFor(() => expect(api?.callsTo('GET /api/medical-records/dashboard')).toHaveLength(2));
    const panel = screen.getByRole('region', { name: 'Your current QR code' });
    expect(within(panel).getByRole('img', { name: 'QR code that opens your emergency card' })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: /^I agree/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Allergies') as HTMLTextAreaElement).value).toBe('Latex, penicillin');
  });

  it('creates the first code with POST and shows it beside the form', async () => {
    const saved = aMedicalRecord();
    let current: DashboardResponse = dashboardOf(null);
    signedInHome(current, {
      'GET /api/medical-records/dashboard': () => ({ body: current }),
      'POST /api/medical-records': () => {
        current = dashboardOf(saved);
        return { body: saved };
      },
    });
    const form = await medicalForm();
    fillMedicalForm(form, {
      bloodGroup: 'AB-',
      contactName: 'Charles Babbage',
      contactPhone: '+44 20 7946 0001',
      consent: true,
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Create QR Code' }));

    await waitFor(() => expect(visibleToasts()[0]).toMatchObject({ type: 'success', title: 'Medical record saved' }));
    expect(api?.callsTo('POST /api/medical-records')[0]?.body).toMatchObject({ bloodGroup: 'AB-', organDonor: null });
    const panel = await screen.findByRole('region', { name: 'Your current QR code' });
    await waitFor(() =>
      expect(within(panel).getByRole('img', { name: 'QR code that opens your emergency card' })).toBeTruthy(),
    );
    expect(await screen.findByRole('button', { name: 'Save changes' })).toBeTruthy();
  });

  async function saveAndFail(reply: StubHandler) {
    const view = signedInHome(dashboardOf(aMedicalRecord()), { [`PUT ${recordPath}`]: reply });
    const form = await medicalForm();
    fillMedicalForm(form, { allergies: 'Latex, penicillin' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    return { ...view, form };
  }

  it('keeps the form and asks for a sign-in over the page when the session has ended (401)', async () => {
    const { router, form } = await saveAndFail(signedOut);
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Medical QR' });
    expect(within(dialog).getByText(SESSION_ENDED_NOTICE)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    // Kept in this tab too, for a sign-in that reloads the page (Google).
    expect(JSON.parse(sessionStorage.getItem('medical-qr-unsaved:medical-record') ?? 'null')).toMatchObject({
      userId: 'u-1',
      value: { form: { allergies: 'Latex, penicillin' } },
    });

    // Dismissed without signing in: the save is tried once more, refused, and says so; the typing is still there.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toContain(STILL_SIGNED_OUT));
    expect(api?.callsTo(`PUT ${recordPath}`)).toHaveLength(2);
    expect(field(form, 'Allergies').value).toBe('Latex, penicillin');
    expect(visibleToasts()).toEqual([]);
  });

  it('saves after the person signs in again in the dialog, with nothing retyped', async () => {
    let signedIn = false;
    const saved = aMedicalRecord({ allergies: 'Latex, penicillin', version: 2 });
    const { form } = await saveAndFail(() => (signedIn ? { body: saved } : signedOut));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Medical QR' });
    api!.route('POST /api/auth/login', () => {
      signedIn = true;
      return { body: { user: aUser(), firstSignIn: false } };
    });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'correct horse battery' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(visibleToasts().map((toast) => toast.title)).toContain('Changes saved'));
    expect(api?.callsTo(`PUT ${recordPath}`).at(-1)?.body).toMatchObject({ allergies: 'Latex, penicillin' });
    expect(sessionStorage.getItem('medical-qr-unsaved:medical-record')).toBeNull();
    expect(field(form, 'Allergies').value).toBe('Latex, penicillin');
  });

  it('brings back a form kept when the session ended, and lets the person discard it', async () => {
    sessionStorage.setItem(
      'medical-qr-unsaved:medical-record',
      JSON.stringify({
        userId: 'u-1',
        value: { recordId: aMedicalRecord().id, form: { ...medicalFormOfRecord(aMedicalRecord()), allergies: 'Bees' } },
      }),
    );
    signedInHome(dashboardOf(aMedicalRecord()));
    const form = await medicalForm();
    expect(field(form, 'Allergies').value).toBe('Bees');
    expect(within(form).getByText('Your unsaved changes are back')).toBeTruthy();

    fireEvent.click(within(form).getByRole('button', { name: 'Discard them' }));
    await waitFor(() => expect(field(form, 'Allergies').value).toBe('Latex'));
    expect(sessionStorage.getItem('medical-qr-unsaved:medical-record')).toBeNull();
  });

  it("never shows another account's kept form", async () => {
    sessionStorage.setItem(
      'medical-qr-unsaved:medical-record',
      JSON.stringify({
        userId: 'someone-else',
        value: { recordId: aMedicalRecord().id, form: { ...medicalFormOfRecord(aMedicalRecord()), allergies: 'Bees' } },
      }),
    );
    signedInHome(dashboardOf(aMedicalRecord()));
    const form = await medicalForm();
    expect(field(form, 'Allergies').value).toBe('Latex');
    expect(sessionStorage.getItem('medical-qr-unsaved:medical-record')).toBeNull();
  });

  it('names the version the form was filled from, and shows a save over a newer one as a choice', async () => {
    const newer = aMedicalRecord({ medications: 'Insulin', version: 2 });
    const { form } = await saveAndFail((request) =>
      request.headers['if-match'] === '"1"'
        ? errorReply(409, RecordsMessages.editConflict, { code: 'EDIT_CONFLICT', current: newer })
        : { body: aMedicalRecord({ allergies: 'Latex, penicillin', version: 3 }) },
    );
    const conflict = await within(form).findByRole('region', { name: 'Not saved: this record changed elsewhere' });
    expect(conflict.textContent).toContain('Allergies');
    expect(conflict.textContent).toContain('Yours: Latex, penicillin');
    expect(conflict.textContent).toContain('Saved: Latex');
    expect(conflict.textContent).toContain('Yours: Salbutamol inhaler');
    expect(conflict.textContent).toContain('Saved: Insulin');
    // Nothing the person typed is gone, and nothing was saved over the newer version.
    expect(field(form, 'Allergies').value).toBe('Latex, penicillin');
    expect(visibleToasts()).toEqual([]);

    fireEvent.click(within(conflict).getByRole('button', { name: 'Keep my changes' }));
    await waitFor(() => expect(visibleToasts().map((toast) => toast.title)).toContain('Changes saved'));
    expect(api?.callsTo(`PUT ${recordPath}`).at(-1)?.headers['if-match']).toBe('"2"');
    expect(within(form).queryByRole('region', { name: /changed elsewhere/ })).toBeNull();
  });

  it('puts the saved answers in the fields when the person takes the newer version', async () => {
    const newer = aMedicalRecord({ medications: 'Insulin', version: 2 });
    const { form } = await saveAndFail(
      errorReply(409, RecordsMessages.editConflict, { code: 'EDIT_CONFLICT', current: newer }),
    );
    const conflict = await within(form).findByRole('region', { name: 'Not saved: this record changed elsewhere' });
    fireEvent.click(within(conflict).getByRole('button', { name: 'Use the saved version' }));
    await waitFor(() => expect(field(form, 'Medications').value).toBe('Insulin'));
    expect(field(form, 'Allergies').value).toBe('Latex');
    expect(within(form).queryByRole('region', { name: /changed elsewhere/ })).toBeNull();
  });

  it('says once, in the form, that the changes were not saved when the service fails', async () => {
    const { form } = await saveAndFail(
      errorReply(503, 'The records service is not answering', { code: 'SERVICE_UNAVAILABLE' }),
    );
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toContain(
        'Your changes were not saved. The records service is not answering',
      ),
    );
    expect(visibleToasts()).toEqual([]);
  });

  it('says why and shows what is current when the code expired meanwhile (410)', async () => {
    await saveAndFail(errorReply(410, RecordsMessages.recordNotEditableExpired, { code: 'GONE' }));
    await waitFor(() =>
      expect(visibleToasts()).toEqual([
        { type: 'error', title: 'Changes not saved', description: RecordsMessages.recordNotEditableExpired },
      ]),
    );
    await waitFor(() => expect(api?.callsTo('GET /api/medical-records/dashboard')).toHaveLength(2));
  });

  it('says "Failed to create medical record" when the first code cannot be created', async () => {
    signedInHome(dashboardOf(null), {
      'POST /api/medical-records': errorReply(503, 'The records service is not answering', {
        code: 'SERVICE_UNAVAILABLE',
      }),
    });
    const form = await medicalForm();
    fillMedicalForm(form, { bloodGroup: 'O+', contactName: 'Sam', contactPhone: '+1 555 0100', consent: true });
    fireEvent.click(within(form).getByRole('button', { name: 'Create QR Code' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toContain(
        'Failed to create medical record. The records service is not answering',
      ),
    );
  });
});

describe('signed-in home: replacing the code', () => {
  async function openReplaceDialog() {
    fireEvent.click(await screen.findByRole('button', { name: 'Replace my code' }));
    return screen.findByRole('dialog', { name: 'Replace your QR code?' });
  }

  it('warns that printed copies stop working, then issues a new code with the same details', async () => {
    const replacement = aMedicalRecord({
      id: '0b5e4a77-1111-4c39-9d63-0f1e2d3c4b5a',
      token: 'NewTokenNewTokenNewTok',
      qrCodeData: 'data:image/png;base64,bmV3',
    });
    let current = aMedicalRecord();
    signedInHome(dashboardOf(current), {
      'GET /api/medical-records/dashboard': () => ({ body: dashboardOf(current) }),
      'POST /api/medical-records': () => {
        current = replacement;
        return { body: replacement };
      },
    });
    const dialog = await openReplaceDialog();
    expect(dialog.textContent).toContain('keychains, wallet cards, stickers and lock-screen images');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace code' }));

    await waitFor(() =>
      expect(visibleToasts()[0]).toMatchObject({
        type: 'success',
        description: 'Your new QR code is ready. The old code and its printed copies no longer work.',
      }),
    );
    const {
      id: _id,
      token: _token,
      label: _label,
      qrCodeData: _qr,
      cardUrl: _url,
      createdAt: _c,
      expiresAt: _e,
      factsCheckedAt: _f,
      isActive: _a,
      version: _v,
      ...details
    } = aMedicalRecord();
    expect(api?.callsTo('POST /api/medical-records')[0]?.body).toEqual({
      ...details,
      emergencyContacts: details.emergencyContacts.map(({ id: _contactId, ...contact }) => contact),
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const panel = screen.getByRole('region', { name: 'Your current QR code' });
    await waitFor(() =>
      expect(
        within(panel).getByRole('img', { name: 'QR code that opens your emergency card' }).getAttribute('src'),
      ).toBe('data:image/png;base64,bmV3'),
    );
  });

  it('says in the dialog why a replacement failed, and keeps the dialog open to try again', async () => {
    signedInHome(dashboardOf(aMedicalRecord()), {
      'POST /api/medical-records': errorReply(503, 'The records service is not answering', {
        code: 'SERVICE_UNAVAILABLE',
      }),
    });
    const dialog = await openReplaceDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace code' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toContain(
        'Failed to create medical record. The records service is not answering',
      ),
    );
    expect((within(dialog).getByRole('button', { name: 'Replace code' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('keeps the code when the person changes their mind', async () => {
    signedInHome(dashboardOf(aMedicalRecord()));
    const dialog = await openReplaceDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my code' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api?.callsTo('POST /api/medical-records')).toEqual([]);
  });

  it('asks for an upgrade and opens pricing 2 s later when the free code has expired meanwhile', async () => {
    jest.useFakeTimers();
    const { router } = signedInHome(dashboardOf(aMedicalRecord()), {
      'POST /api/medical-records': errorReply(402, RecordsMessages.userCodeExpired, { code: 'QR_EXPIRED' }),
    });
    const dialog = await openReplaceDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace code' }));
    await advance(0);
    expect(visibleToasts()).toEqual([
      { type: 'warning', title: 'Upgrade to Premium', description: RecordsMessages.userCodeExpired },
    ]);
    await advance(1900);
    expect(router.state.location.pathname).toBe('/');
    await advance(200);
    expect(router.state.location.pathname).toBe('/pricing');
  });

  it('is not offered to premium users, whose codes never replace one another', async () => {
    signedInHome(dashboardOf(aMedicalRecord({ expiresAt: null })), {}, aUser({ isPremium: true }));
    await medicalForm();
    expect(screen.getByRole('button', { name: 'Delete QR Code' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Replace my code' })).toBeNull();
  });
});

describe('signed-in home: deleting the code', () => {
  it('asks first, then deletes', async () => {
    let current: DashboardResponse = dashboardOf(aMedicalRecord());
    signedInHome(current, {
      'GET /api/medical-records/dashboard': () => ({ body: current }),
      'DELETE /api/medical-records/6f1c2f0e-8a4b-4c39-9d63-0f1e2d3c4b5a': () => {
        current = dashboardOf(null);
        return { body: { deleted: true } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete QR Code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this QR code?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete QR Code' }));

    await waitFor(() => expect(screen.getByText('No active QR code')).toBeTruthy());
    expect(visibleToasts()[0]).toMatchObject({ type: 'success', title: 'QR code deleted' });
  });

  it('says "Delete Failed" when the delete does not go through', async () => {
    signedInHome(dashboardOf(aMedicalRecord()), {
      'DELETE /api/medical-records/6f1c2f0e-8a4b-4c39-9d63-0f1e2d3c4b5a': errorReply(500, 'boom'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete QR Code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this QR code?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete QR Code' }));

    await waitFor(() =>
      expect(visibleToasts()).toEqual([
        { type: 'error', title: 'Delete Failed', description: 'Failed to delete medical record. Please try again.' },
      ]),
    );
  });
});
