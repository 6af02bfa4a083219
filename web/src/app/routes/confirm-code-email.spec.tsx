import { CodeConfirmationMessages } from '@medical-qr/contracts';
import { screen } from '@testing-library/react';
import { errorReply, stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-with-providers';

const TOKEN = 'Zy3_-XwVuTsRqPoNmLkJiHg12abcdefghijklmnopqr';
const CONFIRM = 'POST /api/anonymous-medical-record/confirm-email';

let api: FetchStub | undefined;

afterEach(() => {
  api?.restore();
  api = undefined;
});

describe('confirm-code-email page', () => {
  it('follows the mailed link once, then says the code is kept with the email and until when it works', async () => {
    api = stubFetch({ [CONFIRM]: { body: { confirmed: true, expiresAt: '2026-11-29T10:00:00.000Z' } } });
    renderApp(`/confirm-code-email/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Email confirmed' })).toBeTruthy();
    expect(screen.getByRole('main').textContent).toContain(
      'Sign in or create an account with this email and you will find it in your account',
    );
    expect(screen.getByRole('link', { name: 'Sign in or create an account' }).getAttribute('href')).toBe(
      '/?login=true',
    );
    expect(api.callsTo(CONFIRM).map((call) => call.body)).toEqual([{ token: TOKEN }]);
  });

  it('says why a used or expired link does nothing, in the server’s words', async () => {
    api = stubFetch({ [CONFIRM]: errorReply(410, CodeConfirmationMessages.used, { code: 'GONE' }) });
    renderApp(`/confirm-code-email/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeTruthy();
    expect(screen.getByText(CodeConfirmationMessages.used)).toBeTruthy();
  });

  it('says when the email already has a confirmed code', async () => {
    api = stubFetch({ [CONFIRM]: errorReply(409, CodeConfirmationMessages.conflict, { code: 'CONFLICT' }) });
    renderApp(`/confirm-code-email/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This email already has a code' })).toBeTruthy();
    expect(screen.getByText(CodeConfirmationMessages.conflict)).toBeTruthy();
  });

  it('offers to try again when the server could not answer', async () => {
    api = stubFetch({ [CONFIRM]: errorReply(503, 'The records service did not answer.') });
    renderApp(`/confirm-code-email/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your email is not confirmed yet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('refuses a link cut short in the mail without asking the server', async () => {
    api = stubFetch();
    renderApp('/confirm-code-email/cut-short');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeTruthy();
    expect(screen.getByText(CodeConfirmationMessages.invalid)).toBeTruthy();
    expect(api.callsTo(CONFIRM)).toEqual([]);
  });
});
