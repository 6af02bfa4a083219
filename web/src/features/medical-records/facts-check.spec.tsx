import type { DashboardResponse, MedicalRecord, RecordsPage } from '@medical-qr/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aUser, errorReply, stubFetch, type FetchStub, type StubHandler } from '../../../test/fetch-stub';
import { aMedicalRecord } from '../../../test/records-fixtures';
import { renderApp } from '../../../test/render-with-providers';
import { visibleToasts } from '../../../test/toasts';

let api: FetchStub | undefined;

afterEach(() => {
  api?.restore();
  api = undefined;
});

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
const confirmPath = '/api/medical-records/6f1c2f0e-8a4b-4c39-9d63-0f1e2d3c4b5a/confirm-facts';

/** The line as the reader's locale writes the day (the matcher reads the date's unbreakable spaces as spaces). */
const checkedLine = (iso: string) =>
  `Facts last checked on ${new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso))}`;

/** Ada signed in, her home page showing `record` as the server holds it now, and `confirm` answering the click. */
function homeWith(record: MedicalRecord, confirm?: StubHandler) {
  let current = record;
  const dashboard = (): DashboardResponse => ({ record: current, emergencyContacts: current.emergencyContacts });
  api = stubFetch({
    'GET /api/auth/user': { body: aUser() },
    'GET /api/medical-records/dashboard': () => ({ body: dashboard() }),
    [`POST ${confirmPath}`]:
      confirm ??
      (() => {
        current = { ...current, factsCheckedAt: new Date().toISOString() };
        return { body: current };
      }),
  });
  renderApp('/');
}

const panel = () => screen.findByRole('region', { name: 'Your current QR code' });

describe('"These facts are still right" beside the current code', () => {
  it('says when the facts were last checked, and one click dates them today without touching the open form', async () => {
    const checkedAt = daysAgo(30);
    homeWith(aMedicalRecord({ factsCheckedAt: checkedAt }));
    const code = await panel();
    expect(within(code).getByText(checkedLine(checkedAt))).toBeTruthy();
    expect(within(code).queryByText('Not checked for over 6 months')).toBeNull();

    // An edit in hand stays: confirming is not a save, and the form is not reset by the refresh that follows.
    const allergies = screen.getByLabelText('Allergies') as HTMLTextAreaElement;
    fireEvent.change(allergies, { target: { value: 'Latex, penicillin' } });
    fireEvent.click(within(code).getByRole('button', { name: 'These facts are still right' }));

    await waitFor(() => expect(within(code).getByText(checkedLine(new Date().toISOString()))).toBeTruthy());
    await waitFor(() => expect(visibleToasts()[0]).toMatchObject({ type: 'success', title: 'Facts confirmed' }));
    expect(api?.callsTo(`POST ${confirmPath}`)).toHaveLength(1);
    expect(api?.callsTo('PUT /api/medical-records/6f1c2f0e-8a4b-4c39-9d63-0f1e2d3c4b5a')).toEqual([]);
    expect(allergies.value).toBe('Latex, penicillin');
  });

  it('marks facts unchecked for over 6 months, until they are confirmed', async () => {
    const checkedAt = daysAgo(200);
    homeWith(aMedicalRecord({ factsCheckedAt: checkedAt }));
    const code = await panel();
    expect(within(code).getByText('Not checked for over 6 months')).toBeTruthy();
    expect(within(code).getByText(checkedLine(checkedAt))).toBeTruthy();

    fireEvent.click(within(code).getByRole('button', { name: 'These facts are still right' }));
    await waitFor(() => expect(within(code).queryByText('Not checked for over 6 months')).toBeNull());
    expect(within(code).getByText(checkedLine(new Date().toISOString()))).toBeTruthy();
  });

  it('says why when the confirmation is refused, and keeps the date it had', async () => {
    const checkedAt = daysAgo(200);
    homeWith(
      aMedicalRecord({ factsCheckedAt: checkedAt }),
      errorReply(503, 'The records service is not answering. Please try again in a moment.'),
    );
    const code = await panel();
    fireEvent.click(within(code).getByRole('button', { name: 'These facts are still right' }));

    await waitFor(() =>
      expect(visibleToasts()[0]).toEqual({
        type: 'error',
        title: 'Not confirmed',
        description: 'The records service is not answering. Please try again in a moment.',
      }),
    );
    expect(within(code).getByText(checkedLine(checkedAt))).toBeTruthy();
    expect(within(code).getByText('Not checked for over 6 months')).toBeTruthy();
  });
});

describe('"These facts are still right" in a code\'s history details', () => {
  it('confirms from the opened details and shows the new date there', async () => {
    const checkedAt = daysAgo(200);
    let current = aMedicalRecord({ factsCheckedAt: checkedAt });
    const { id, token, label, cardUrl, createdAt, expiresAt, isActive } = current;
    const list: RecordsPage = {
      records: [{ id, token, label, cardUrl, createdAt, expiresAt, isActive }],
      page: 1,
      limit: 20,
      total: 1,
    };
    api = stubFetch({
      'GET /api/auth/user': { body: aUser() },
      'GET /api/medical-records': { body: list },
      [`GET /api/medical-records/${current.id}`]: () => ({ body: current }),
      [`POST ${confirmPath}`]: () => {
        current = { ...current, factsCheckedAt: new Date().toISOString() };
        return { body: current };
      },
    });
    renderApp('/history');
    const [item] = await screen.findAllByRole('article');
    fireEvent.click(within(item!).getByRole('button', { name: 'Show Details' }));
    expect(await within(item!).findByText('Not checked for over 6 months')).toBeTruthy();
    expect(within(item!).getByText(checkedLine(checkedAt))).toBeTruthy();

    fireEvent.click(within(item!).getByRole('button', { name: 'These facts are still right' }));
    await waitFor(() => expect(within(item!).getByText(checkedLine(new Date().toISOString()))).toBeTruthy());
    expect(within(item!).queryByText('Not checked for over 6 months')).toBeNull();
    expect(api.callsTo(`POST ${confirmPath}`)).toHaveLength(1);
  });
});
