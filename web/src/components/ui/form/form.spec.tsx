import { jest } from '@jest/globals';
import { loginBodySchema, type LoginBody } from '@medical-qr/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { descriptionOf } from '../../../../test/medical-form';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { settle } from '../../../../test/settle';
import { visibleToasts } from '../../../../test/toasts';
import { notify, Toaster } from '../notifications';
import { EmailInput, Form, FORM_ERROR, FormAlert, PasswordInput, SubmitButton, useAppForm, type FormFailure } from '.';
import { UNREADABLE_ENTRY } from './form';

type Send = (values: LoginBody) => Promise<FormFailure | void>;

function LoginLikeForm({ send, summary }: { send: Send; summary: boolean }) {
  const form = useAppForm(loginBodySchema, { email: '', password: '' });
  return (
    <>
      <Form form={form} onSubmit={send} summary={summary}>
        <FormAlert />
        <EmailInput registration={form.register('email')} />
        <PasswordInput label="Password" registration={form.register('password')} />
        <SubmitButton pendingLabel="Sending…">Send</SubmitButton>
      </Form>
      <Toaster />
    </>
  );
}

let store: ReturnType<typeof renderWithProviders>['store'];

function renderForm(send: Send, summary = false) {
  ({ store } = renderWithProviders(<LoginLikeForm send={send} summary={summary} />));
  const email = screen.getByLabelText('Email');
  const password = screen.getByLabelText('Password');
  const submit = async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await settle();
  };
  return { email, password, submit };
}

describe('the form block', () => {
  it('refuses to send while the browser cannot read an entry (a date typed halfway reads as empty), and says where', async () => {
    const send = jest.fn<Send>(async () => undefined);
    const { email, password, submit } = renderForm(send);
    fireEvent.change(email, { target: { value: 'ada@example.com' } });
    fireEvent.change(password, { target: { value: 'secret1' } });
    // What a browser reports for a field holding an entry it cannot turn into a value.
    Object.defineProperty(email, 'validity', { value: { badInput: true }, configurable: true });
    await submit();
    expect(send).not.toHaveBeenCalled();
    expect(descriptionOf(email)).toBe(UNREADABLE_ENTRY);
    expect(document.activeElement).toBe(email);

    Object.defineProperty(email, 'validity', { value: { badInput: false }, configurable: true });
    await submit();
    expect(send).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret1' });
  });

  it('sends the schema output (trimmed, lower case) and nothing before the check passes', async () => {
    const send = jest.fn<Send>(async () => undefined);
    const { email, password, submit } = renderForm(send);
    await submit();
    expect(send).not.toHaveBeenCalled();
    expect(descriptionOf(email)).toBe('Please fill in all required fields');
    expect(document.activeElement).toBe(email);

    fireEvent.change(email, { target: { value: ' Ada@Example.com ' } });
    fireEvent.change(password, { target: { value: 'secret1' } });
    await submit();
    expect(send).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret1' });
  });

  it('puts a refusal on the fields it names, titles it in the alert, never toasts it, and moves focus to the first one', async () => {
    const { email, password, submit } = renderForm(async () => ({
      title: 'Refused',
      errors: { password: 'Wrong password' },
    }));
    fireEvent.change(email, { target: { value: 'ada@example.com' } });
    fireEvent.change(password, { target: { value: 'secret1' } });
    await submit();

    expect(descriptionOf(password)).toBe('Wrong password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(password);
    // The message sits under its field; the alert carries the title and points there.
    expect(screen.getByRole('alert').textContent).toBe('RefusedPlease check the fields marked above.');
    expect(visibleToasts()).toEqual([]);
  });

  it('clears an error toast from an earlier attempt when the next one is sent', async () => {
    const send = jest.fn<Send>(async () => undefined);
    const { email, password, submit } = renderForm(send);
    act(() => {
      store.dispatch(notify({ type: 'error', title: 'Copy Failed', description: 'Failed to copy link to clipboard.' }));
    });
    expect(visibleToasts()).toHaveLength(1);
    fireEvent.change(email, { target: { value: 'ada@example.com' } });
    fireEvent.change(password, { target: { value: 'secret1' } });
    await submit();
    expect(send).toHaveBeenCalled();
    expect(visibleToasts()).toEqual([]);
  });

  it('titles a failed check in the alert when the form names one', async () => {
    function TitledForm() {
      const form = useAppForm(loginBodySchema, { email: '', password: '' });
      return (
        <Form form={form} onSubmit={async () => undefined} summary invalidTitle={() => 'Missing Information'}>
          <FormAlert />
          <EmailInput registration={form.register('email')} />
          <SubmitButton pendingLabel="Sending…">Send</SubmitButton>
        </Form>
      );
    }
    renderWithProviders(<TitledForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Missing InformationPlease fill in all required fields');
  });

  it('in a summary form, shows one message in its alert and points the invalid fields to it', async () => {
    const { email, password, submit } = renderForm(
      async () => ({ errors: { [FORM_ERROR]: 'Too many attempts' } }),
      true,
    );
    await submit();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Please fill in all required fields');
    expect(email.getAttribute('aria-describedby')).toBe(alert.id);
    expect(password.getAttribute('aria-describedby')).toBe(alert.id);

    fireEvent.change(email, { target: { value: 'ada@example.com' } });
    fireEvent.change(password, { target: { value: 'secret1' } });
    await submit();
    expect(screen.getAllByRole('alert').map((shown) => shown.textContent)).toEqual(['Too many attempts']);
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });
});
