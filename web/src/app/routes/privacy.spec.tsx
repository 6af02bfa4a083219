import { jest } from '@jest/globals';
import { PrivacyMessages, type CurrentUser, type PrivacyStatus, type ReauthResponse } from '@medical-qr/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aUser, errorReply, stubFetch, type FetchStub, type StubHandler } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-with-providers';
import { visibleToasts } from '../../../test/toasts';
import { formatDate } from '../../lib/format-date';

let api: FetchStub | undefined;

afterEach(() => {
  api?.restore();
  api = undefined;
  jest.restoreAllMocks();
});

const REQUESTED_AT = '2026-03-01T09:00:00.000Z';
const SCHEDULED_AT = '2026-03-31T09:00:00.000Z';
const CANCELLED_AT = '2026-03-02T10:00:00.000Z';
const CHANGED_AT = '2026-02-20T08:00:00.000Z';
const reauthRequired = errorReply(403, 'Please confirm it is you before changing your privacy settings.', {
  code: 'REAUTH_REQUIRED',
});
const verified: ReauthResponse = { verified: true, reauthenticatedUntil: '2030-01-01T00:10:00.000Z' };

function aStatus(overrides: Partial<PrivacyStatus> = {}): PrivacyStatus {
  return {
    status: 'none',
    requestedAt: null,
    scheduledAt: null,
    cancelledAt: null,
    reason: null,
    consentGiven: true,
    consentChangedAt: null,
    ...overrides,
  };
}

/** Ada, signed in, on the privacy screen with this status. */
function privacyPage(
  status: PrivacyStatus | StubHandler = aStatus(),
  routes: Record<string, StubHandler> = {},
  { path = '/privacy', user = {} }: { path?: string; user?: Partial<CurrentUser> } = {},
) {
  api = stubFetch({
    // Re-authenticated a moment ago unless a test says otherwise: the server alone decides when to ask again.
    'GET /api/auth/user': {
      body: aUser({ reauthenticatedUntil: new Date(Date.now() + 600_000).toISOString(), ...user }),
    },
    'GET /api/privacy/status': 'consentGiven' in status ? { body: status } : status,
    ...routes,
  });
  return renderApp(path);
}

/** A card of the screen, by its heading, once the status is shown. */
async function card(name: string): Promise<HTMLElement> {
  return (await screen.findByRole('heading', { level: 2, name })).closest('section')!;
}

/** The value shown under a label in a facts list. */
function fact(scope: HTMLElement, label: string): string {
  const term = within(scope).getByText(label, { selector: 'dt' });
  return term.nextElementSibling!.textContent ?? '';
}

function factLabels(scope: HTMLElement): string[] {
  return within(scope)
    .queryAllByText(/./, { selector: 'dt' })
    .map((term) => term.textContent ?? '');
}

function verifyPassword(dialog: HTMLElement) {
  fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'secret1' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
}

describe('/privacy, signed out', () => {
  it('asks the visitor to sign in, with the email from the link prefilled, and offers the demo account', async () => {
    api = stubFetch();
    renderApp('/privacy?email=grace%40example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Controls' })).toBeTruthy();
    expect(document.title).toBe('Privacy Controls · Medical QR');
    expect(screen.getByText('For testing only')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use Demo Account' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Medical QR' });
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('grace@example.com');
    expect(api.callsTo('GET /api/privacy/status')).toHaveLength(0);
  });

  it('is the same screen at /privacy-controls', async () => {
    api = stubFetch();
    renderApp('/privacy-controls');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Controls' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });
});

describe('/privacy, signed in', () => {
  it('shows an active account: its status, consent, the delete card and the note on logging', async () => {
    privacyPage(aStatus(), {}, { path: '/privacy-controls' });
    const status = await card('Account status');
    expect(fact(status, 'Status')).toBe('Active');
    expect(factLabels(status)).toEqual(['Status']);
    expect(within(status).queryByRole('button', { name: 'Cancel Deletion Request' })).toBeNull();
    expect(within(await card('Your consent')).getByRole('button', { name: 'Revoke consent' })).toBeTruthy();
    expect(within(await card('Delete all your data')).getByRole('button', { name: 'Delete all my data' })).toBeTruthy();
    expect(screen.getByText(/Every privacy action is logged/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'terms and privacy policy' }).getAttribute('href')).toBe('/terms');
    expect(document.title).toBe('Privacy Controls · Medical QR');
  });

  it('shows a pending deletion with its dates and reason, Cancel Deletion Request, and no delete card', async () => {
    privacyPage(
      aStatus({ status: 'requested', requestedAt: REQUESTED_AT, scheduledAt: SCHEDULED_AT, reason: 'Moving away' }),
    );
    const status = await card('Account status');
    expect(fact(status, 'Status')).toBe('Deletion Pending');
    expect(fact(status, 'Requested on')).toBe(formatDate(REQUESTED_AT));
    expect(fact(status, 'Scheduled for')).toBe(formatDate(SCHEDULED_AT));
    expect(fact(status, 'Reason')).toBe('Moving away');
    expect(within(status).getByRole('button', { name: 'Cancel Deletion Request' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Delete all your data' })).toBeNull();
  });

  it('shows a cancelled deletion with when it was asked and cancelled, and the delete card again', async () => {
    privacyPage(aStatus({ status: 'cancelled', requestedAt: REQUESTED_AT, cancelledAt: CANCELLED_AT, reason: '' }));
    const status = await card('Account status');
    expect(fact(status, 'Status')).toBe('Deletion Cancelled');
    expect(fact(status, 'Requested on')).toBe(formatDate(REQUESTED_AT));
    expect(fact(status, 'Cancelled on')).toBe(formatDate(CANCELLED_AT));
    expect(fact(status, 'Reason')).toBe('None given');
    expect(within(status).queryByRole('button', { name: 'Cancel Deletion Request' })).toBeNull();
    expect(await card('Delete all your data')).toBeTruthy();
  });

  it('says so when the status cannot be loaded, and asks again', async () => {
    privacyPage(errorReply(503, 'Service unavailable'));
    expect(await screen.findByText("We couldn't load your privacy settings")).toBeTruthy();
    api!.route('GET /api/privacy/status', { body: aStatus() });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(fact(await card('Account status'), 'Status')).toBe('Active');
  });

  it('revokes consent after a confirmation that says what it means, with the reason given', async () => {
    privacyPage(aStatus(), {
      'POST /api/privacy/revoke-consent': {
        body: aStatus({ consentGiven: false, consentChangedAt: CHANGED_AT }),
      },
    });
    const consent = await card('Your consent');
    fireEvent.change(within(consent).getByLabelText(/Why are you revoking consent/), {
      target: { value: '  I lost my keychain  ' },
    });
    fireEvent.click(within(consent).getByRole('button', { name: 'Revoke consent' }));

    const dialog = await screen.findByRole('dialog', { name: 'Revoke your consent?' });
    expect(dialog.textContent).toContain(
      'Your emergency card and printed tags will stop showing your medical information to anyone who scans them',
    );
    expect(api!.callsTo('POST /api/privacy/revoke-consent')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke consent' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api!.callsTo('POST /api/privacy/revoke-consent')[0]?.body).toEqual({ reason: 'I lost my keychain' });
    expect(visibleToasts()).toEqual([
      { type: 'success', title: 'Consent revoked', description: PrivacyMessages.consentRevoked },
    ]);
    expect(within(consent).getByText(new RegExp(`You revoked your consent on ${formatDate(CHANGED_AT)}`))).toBeTruthy();
    expect(within(consent).getByRole('button', { name: 'Give consent again' })).toBeTruthy();
    // The button that started it is gone: focus lands on the card, which says what changed.
    await waitFor(() => expect(document.activeElement).toBe(within(consent).getByRole('heading', { level: 2 })));
    // The answer is the new status: nothing asks for it again.
    expect(api!.callsTo('GET /api/privacy/status')).toHaveLength(1);
  });

  it('keeps consent when the confirmation is declined, with focus back on the button', async () => {
    privacyPage();
    const revoke = within(await card('Your consent')).getByRole('button', { name: 'Revoke consent' });
    revoke.focus();
    fireEvent.click(revoke);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep sharing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(revoke));
    expect(api!.callsTo('POST /api/privacy/revoke-consent')).toHaveLength(0);
  });

  it('gives consent again after a confirmation', async () => {
    privacyPage(aStatus({ consentGiven: false, consentChangedAt: CHANGED_AT }), {
      'POST /api/privacy/give-consent': { body: aStatus({ consentGiven: true, consentChangedAt: CHANGED_AT }) },
    });
    fireEvent.click(within(await card('Your consent')).getByRole('button', { name: 'Give consent again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give consent again?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give consent' }));

    await waitFor(() =>
      expect(visibleToasts()).toEqual([
        { type: 'success', title: 'Consent given', description: PrivacyMessages.consentGiven },
      ]),
    );
    expect(api!.callsTo('POST /api/privacy/give-consent')[0]?.body).toEqual({});
    expect(await screen.findByRole('button', { name: 'Revoke consent' })).toBeTruthy();
  });

  it('asks the person to confirm it is them before sending anything when their last confirmation is over', async () => {
    privacyPage(
      aStatus(),
      {
        'POST /api/privacy/revoke-consent': { body: aStatus({ consentGiven: false, consentChangedAt: CHANGED_AT }) },
        'POST /api/auth/verify-password': { body: verified },
      },
      { user: { reauthenticatedUntil: null } },
    );
    const consent = await card('Your consent');
    fireEvent.click(within(consent).getByRole('button', { name: 'Revoke consent' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Revoke your consent?' })).getByRole('button', {
        name: 'Revoke consent',
      }),
    );
    verifyPassword(await screen.findByRole('dialog', { name: "Confirm it's you" }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // No refusal first: the confirmation, then the change, once.
    expect(api!.requests().filter((request) => request.startsWith('POST'))).toEqual([
      'POST /api/auth/verify-password',
      'POST /api/privacy/revoke-consent',
    ]);
  });

  it('asks the person to confirm it is them when the server wants it, then revokes by itself', async () => {
    let confirmed = false;
    privacyPage(aStatus(), {
      'POST /api/privacy/revoke-consent': () =>
        confirmed ? { body: aStatus({ consentGiven: false, consentChangedAt: CHANGED_AT }) } : reauthRequired,
      'POST /api/auth/verify-password': () => {
        confirmed = true;
        return { body: verified };
      },
    });
    const consent = await card('Your consent');
    fireEvent.change(within(consent).getByLabelText(/Why are you revoking consent/), {
      target: { value: 'Privacy' },
    });
    fireEvent.click(within(consent).getByRole('button', { name: 'Revoke consent' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Revoke your consent?' })).getByRole('button', {
        name: 'Revoke consent',
      }),
    );

    const reauth = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await waitFor(() =>
      expect((within(reauth).getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com'),
    );
    verifyPassword(reauth);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api!.requests().filter((request) => request.startsWith('POST'))).toEqual([
      'POST /api/privacy/revoke-consent',
      'POST /api/auth/verify-password',
      'POST /api/privacy/revoke-consent',
    ]);
    expect(api!.callsTo('POST /api/privacy/revoke-consent').map((call) => call.body)).toEqual([
      { reason: 'Privacy' },
      { reason: 'Privacy' },
    ]);
    await waitFor(() => expect(visibleToasts()[0]?.title).toBe('Consent revoked'));
    expect(within(consent).getByRole('button', { name: 'Give consent again' })).toBeTruthy();
  });

  it('exports the data after a confirmation, re-authenticating first, and downloads it under the dated name', async () => {
    let confirmed = false;
    privacyPage(aStatus(), {
      'GET /api/privacy/export-data': () =>
        confirmed ? { body: { account: { email: 'ada@example.com' } } } : reauthRequired,
      'POST /api/auth/verify-password': () => {
        confirmed = true;
        return { body: verified };
      },
    });
    const downloads: string[] = [];
    const createObjectURL = jest.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });

    const exportCard = await card('Export your data');
    fireEvent.click(within(exportCard).getByRole('button', { name: 'Export My Data' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Download your data?' });
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Download' }));
    verifyPassword(await screen.findByRole('dialog', { name: "Confirm it's you" }));

    await waitFor(() =>
      expect(downloads).toEqual([`medical-data-export-${new Date().toISOString().slice(0, 10)}.json`]),
    );
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    await waitFor(() => expect(visibleToasts()[0]?.title).toBe('Data exported successfully'));
    expect(visibleToasts()[0]?.description).toBe('Your medical data has been downloaded to your device.');
    expect(api!.callsTo('GET /api/privacy/export-data')).toHaveLength(2);
  });

  it('says "Failed to export data" with the server\'s reason when it refuses an export', async () => {
    privacyPage(aStatus(), {
      'GET /api/privacy/export-data': errorReply(429, 'Too many requests. Please try again in 58 minutes.', {
        code: 'RATE_LIMITED',
      }),
    });
    fireEvent.click(within(await card('Export your data')).getByRole('button', { name: 'Export My Data' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Download your data?' })).getByRole('button', {
        name: 'Download',
      }),
    );
    await waitFor(() => expect(visibleToasts()[0]?.title).toBe(PrivacyMessages.exportFailed));
    expect(visibleToasts()[0]?.description).toBe('Too many requests. Please try again in 58 minutes.');
    expect(visibleToasts()).toHaveLength(1);
  });

  it('leaves the confirmation open, and sends nothing more, when the re-authentication is closed', async () => {
    privacyPage(aStatus(), { 'POST /api/privacy/revoke-consent': reauthRequired });
    fireEvent.click(within(await card('Your consent')).getByRole('button', { name: 'Revoke consent' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke consent' }));
    const reauth = await screen.findByRole('dialog', { name: "Confirm it's you" });
    fireEvent.click(within(reauth).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: "Confirm it's you" })).toBeNull());
    const confirmation = screen.getByRole('dialog', { name: 'Revoke your consent?' });
    // Focus goes back into the confirmation, still open underneath.
    await waitFor(() => expect(confirmation.contains(document.activeElement)).toBe(true));
    expect(within(confirmation).getByRole('button', { name: 'Revoke consent' }).hasAttribute('disabled')).toBe(false);
    expect(api!.callsTo('POST /api/privacy/revoke-consent')).toHaveLength(1);
    expect(visibleToasts().filter((toast) => toast.type === 'error')).toEqual([]);
  });

  it('schedules the deletion: the delete card goes and the status says Deletion Pending with its dates', async () => {
    privacyPage(aStatus(), {
      'POST /api/privacy/request-deletion': {
        body: aStatus({ status: 'requested', requestedAt: REQUESTED_AT, scheduledAt: SCHEDULED_AT, reason: 'Done' }),
      },
    });
    const remove = await card('Delete all your data');
    fireEvent.change(within(remove).getByLabelText(/Why are you deleting your data/), { target: { value: 'Done' } });
    fireEvent.click(within(remove).getByRole('button', { name: 'Delete all my data' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete all your data?' });
    expect(dialog.textContent).toContain('30 days from now');
    expect(dialog.textContent).toContain('you can cancel the request');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule deletion' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api!.callsTo('POST /api/privacy/request-deletion')[0]?.body).toEqual({ reason: 'Done', immediate: false });
    expect(visibleToasts()).toEqual([
      {
        type: 'success',
        title: 'Deletion scheduled',
        description: `Your data will be deleted on ${formatDate(SCHEDULED_AT)}. You can cancel until then.`,
      },
    ]);
    const status = await card('Account status');
    expect(fact(status, 'Status')).toBe('Deletion Pending');
    expect(fact(status, 'Requested on')).toBe(formatDate(REQUESTED_AT));
    expect(fact(status, 'Scheduled for')).toBe(formatDate(SCHEDULED_AT));
    expect(fact(status, 'Reason')).toBe('Done');
    expect(screen.queryByRole('heading', { name: 'Delete all your data' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(status).getByRole('heading', { level: 2 })));
  });

  it('deletes everything now when asked to, says so, and signs out two seconds later', async () => {
    privacyPage(aStatus(), {
      'POST /api/privacy/request-deletion': {
        body: aStatus({ status: 'requested', requestedAt: REQUESTED_AT, scheduledAt: REQUESTED_AT }),
      },
      'POST /api/auth/logout': { body: { message: 'Logged out' } },
    });
    const remove = await card('Delete all your data');
    fireEvent.click(within(remove).getByRole('checkbox', { name: /Delete everything now instead/ }));
    fireEvent.click(within(remove).getByRole('button', { name: 'Delete all my data now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete all your data now?' });
    expect(dialog.textContent).toContain('This cannot be undone.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete now' }));

    await waitFor(() => expect(visibleToasts()[0]?.title).toBe('Your data is being deleted'));
    expect(api!.callsTo('POST /api/privacy/request-deletion')[0]?.body).toEqual({ reason: '', immediate: true });
    expect(api!.callsTo('POST /api/auth/logout')).toHaveLength(0);
    await waitFor(() => expect(api!.callsTo('POST /api/auth/logout')).toHaveLength(1), { timeout: 4000 });
  });

  it('cancels a pending deletion, re-authenticating first when asked', async () => {
    let confirmed = false;
    privacyPage(aStatus({ status: 'requested', requestedAt: REQUESTED_AT, scheduledAt: SCHEDULED_AT }), {
      'POST /api/privacy/cancel-deletion': () =>
        confirmed
          ? { body: aStatus({ status: 'cancelled', requestedAt: REQUESTED_AT, cancelledAt: CANCELLED_AT }) }
          : reauthRequired,
      'POST /api/auth/verify-password': () => {
        confirmed = true;
        return { body: verified };
      },
    });
    const status = await card('Account status');
    fireEvent.click(within(status).getByRole('button', { name: 'Cancel Deletion Request' }));
    verifyPassword(await screen.findByRole('dialog', { name: "Confirm it's you" }));

    await waitFor(() => expect(fact(status, 'Status')).toBe('Deletion Cancelled'));
    expect(api!.callsTo('POST /api/privacy/cancel-deletion').map((call) => call.body)).toEqual([{}, {}]);
    expect(fact(status, 'Cancelled on')).toBe(formatDate(CANCELLED_AT));
    expect(within(status).queryByRole('button', { name: 'Cancel Deletion Request' })).toBeNull();
    await waitFor(() => expect(visibleToasts()[0]?.title).toBe('Deletion request cancelled'));
    expect(await card('Delete all your data')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(status).getByRole('heading', { level: 2 })));
  });

  it("shows the server's refusal once, under the failure's title, and catches up with the status", async () => {
    let status = aStatus({ status: 'requested', requestedAt: REQUESTED_AT, scheduledAt: SCHEDULED_AT });
    privacyPage(() => ({ body: status }), {
      'POST /api/privacy/cancel-deletion': () => {
        // Cancelled meanwhile, in another tab.
        status = aStatus({ status: 'cancelled', requestedAt: REQUESTED_AT, cancelledAt: CANCELLED_AT });
        return errorReply(409, PrivacyMessages.nothingToCancel);
      },
    });
    const statusCard = await card('Account status');
    fireEvent.click(within(statusCard).getByRole('button', { name: 'Cancel Deletion Request' }));

    await waitFor(() =>
      expect(visibleToasts()).toEqual([
        { type: 'error', title: PrivacyMessages.cancelFailed, description: PrivacyMessages.nothingToCancel },
      ]),
    );
    expect(screen.getAllByText(PrivacyMessages.nothingToCancel)).toHaveLength(1);
    await waitFor(() => expect(fact(statusCard, 'Status')).toBe('Deletion Cancelled'));
    expect(api!.callsTo('GET /api/privacy/status')).toHaveLength(2);
  });

  it('says "Failed to revoke consent" without the text of a server error', async () => {
    privacyPage(aStatus(), {
      'POST /api/privacy/revoke-consent': errorReply(500, 'Internal server error', { errorId: 'e-1' }),
    });
    fireEvent.click(within(await card('Your consent')).getByRole('button', { name: 'Revoke consent' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke consent' }));
    await waitFor(() =>
      expect(visibleToasts()).toEqual([
        { type: 'error', title: PrivacyMessages.revokeFailed, description: 'Please try again in a moment.' },
      ]),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Revoke consent' })).toBeTruthy();
  });

  it('says "Failed to delete data" with the reason the server refused', async () => {
    privacyPage(aStatus(), {
      'POST /api/privacy/request-deletion': errorReply(409, PrivacyMessages.alreadyRequested),
    });
    fireEvent.click(within(await card('Delete all your data')).getByRole('button', { name: 'Delete all my data' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Schedule deletion' }));
    await waitFor(() =>
      expect(visibleToasts()).toEqual([
        { type: 'error', title: PrivacyMessages.deleteFailed, description: PrivacyMessages.alreadyRequested },
      ]),
    );
    expect(screen.getAllByText(PrivacyMessages.alreadyRequested)).toHaveLength(1);
  });
});
