import { jest } from '@jest/globals';
import { RecordsMessages, type DashboardResponse } from '@medical-qr/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aUser, errorReply, signedOut, stubFetch, type FetchStub, type StubHandler } from '../../../test/fetch-stub';
import { fillMedicalForm } from '../../../test/medical-form';
import { aMedicalRecord, anExpiredRecord, QR_PNG } from '../../../test/records-fixtures';
import { renderApp } from '../../../test/render-with-providers';
import { advance } from '../../../test/timers';
import { visibleToasts } from '../../../test/toasts';

let api: FetchStub | undefined;

afterEach(() => {
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
    expect((within(form).getByRole('radio', { name: 'Yes' }) as HTMLInputElement).checked).toBe(true);
    const contact = within(within(form).getByRole('group', { name: 'Contact 1' }));
    expect((contact.getByLabelText('Name') as HTMLInputElement).value).toBe('Charles Babbage');
    expect((contact.getByRole('checkbox', { name: /^Primary contact/ }) as HTMLInputElement).checked).toBe(true);

    const panel = screen.getByRole('region', { name: 'Your current QR code' });
    expect(within(panel).getByRole('img', { name: 'QR code that opens your emergency card' }).getAttribute('src')).toBe(
      QR_PNG,
    );
    expect(within(panel).getByText(/^Valid until /)).toBeTruthy();
    expect(within(form).getByText('Saving creates a new code; the old one stops working.')).toBeTruthy();
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
  it('creates the new code and shows it', async () => {
    const saved = aMedicalRecord({ id: '0b5e4a77-1111-4c39-9d63-0f1e2d3c4b5a', allergies: 'Latex, penicillin' });
    let current = aMedicalRecord();
    signedInHome(dashboardOf(current), {
      'GET /api/medical-records/dashboard': () => ({ body: dashboardOf(current) }),
      'POST /api/medical-records': () => {
        current = saved;
        return { body: saved };
      },
    });
    const form = await medicalForm();
    fillMedicalForm(form, { allergies: 'Latex, penicillin', consent: true });
    fireEvent.click(within(form).getByRole('button', { name: 'Save and Create New Code' }));

    await waitFor(() => expect(visibleToasts()[0]).toMatchObject({ type: 'success', title: 'Medical record saved' }));
    expect(api?.callsTo('POST /api/medical-records')[0]?.body).toMatchObject({
      allergies: 'Latex, penicillin',
      hasGivenConsent: true,
    });
    await waitFor(() => expect(api?.callsTo('GET /api/medical-records/dashboard')).toHaveLength(2));
    // The refreshed dashboard brings a fresh form for the new record: its values, consent asked again.
    const consent = () => screen.getByRole('checkbox', { name: /^I agree/ }) as HTMLInputElement;
    await waitFor(() => expect(consent().checked).toBe(false));
    expect((screen.getByLabelText('Allergies') as HTMLTextAreaElement).value).toBe('Latex, penicillin');
  });

  async function saveAndFail(reply: StubHandler) {
    const view = signedInHome(dashboardOf(aMedicalRecord()), { 'POST /api/medical-records': reply });
    const form = await medicalForm();
    fillMedicalForm(form, { consent: true });
    fireEvent.click(within(form).getByRole('button', { name: 'Save and Create New Code' }));
    return { ...view, form };
  }

  it('says the user is logged out and goes to /demo-privacy on a 401', async () => {
    const { router } = await saveAndFail(signedOut);
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-privacy'));
    expect(visibleToasts()[0]).toMatchObject({ title: 'You are logged out. Logging in again...' });
  });

  it('asks for an upgrade and opens pricing 2 s later when the free code has expired', async () => {
    jest.useFakeTimers();
    const { router } = await saveAndFail(errorReply(402, RecordsMessages.userCodeExpired, { code: 'QR_EXPIRED' }));
    await advance(0);
    expect(visibleToasts()).toEqual([
      { type: 'warning', title: 'Upgrade to Premium', description: RecordsMessages.userCodeExpired },
    ]);
    await advance(1900);
    expect(router.state.location.pathname).toBe('/');
    await advance(200);
    expect(router.state.location.pathname).toBe('/pricing');
  });

  it('says "Failed to create medical record" for any other failure', async () => {
    const { form } = await saveAndFail(
      errorReply(503, 'The records service is not answering', { code: 'SERVICE_UNAVAILABLE' }),
    );
    await waitFor(() =>
      expect(visibleToasts()[0]).toMatchObject({ type: 'error', title: 'Failed to create medical record' }),
    );
    expect(within(form).getByRole('alert').textContent).toContain('The records service is not answering');
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
