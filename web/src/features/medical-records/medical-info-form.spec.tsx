import { jest } from '@jest/globals';
import {
  MAX_CONTACTS_FREE,
  MAX_CONTACTS_PREMIUM,
  RecordsMessages,
  type MedicalForm,
  type MedicalRecord,
} from '@medical-qr/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { completeAnswers, descriptionOf, fillMedicalForm } from '../../../test/medical-form';
import { aMedicalRecord, savedBeforeFirstMinuteFacts } from '../../../test/records-fixtures';
import { renderWithProviders } from '../../../test/render-with-providers';
import { settle } from '../../../test/settle';
import type { FieldErrors } from '../../components/ui/form';
import { normalizeApiError } from '../../lib/base-query';
import { emptyMedicalForm, medicalFormFromRecord, type MedicalFormValues } from './medical-form-values';
import { MedicalInfoForm } from './medical-info-form';
import { fieldErrorsFromServer } from './server-field-errors';

function renderForm({
  maxContacts = MAX_CONTACTS_FREE,
  answer = async (): Promise<FieldErrors | null> => null,
  initialValues = emptyMedicalForm(),
}: {
  maxContacts?: number;
  answer?: () => Promise<FieldErrors | null>;
  initialValues?: MedicalFormValues;
} = {}) {
  const onSubmit = jest.fn(async (_form: MedicalForm) => answer());
  const view = renderWithProviders(
    <MedicalInfoForm
      initialValues={initialValues}
      maxContacts={maxContacts}
      submitLabel="Generate QR Code"
      pendingLabel="Generating…"
      onSubmit={onSubmit}
    />,
  );
  const form = view.container;
  const submit = async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Generate QR Code' }));
    await settle();
  };
  const field = (label: string | RegExp) => within(form).getByLabelText(label);
  return { ...view, form, onSubmit, submit, field };
}

/** The radio button of one choice in the group the legend names ("Organ donor", "Resuscitation"). */
const choice = (group: string, name: string) =>
  within(screen.getByRole('group', { name: group })).getByRole('radio', { name }) as HTMLInputElement;

describe('medical form: checks before sending', () => {
  it('says under each field what is missing, moves to the first one and sends nothing', async () => {
    const { submit, field, onSubmit } = renderForm();
    await submit();

    expect(descriptionOf(field('First name'))).toBe('First name is required');
    expect(descriptionOf(field('Last name'))).toBe('Last name is required');
    expect(descriptionOf(field('Email'))).toBe('Email is required');
    expect(descriptionOf(field('Blood group'))).toBe('Choose a blood group (choose Unknown if you are not sure)');
    expect(descriptionOf(screen.getByRole('checkbox', { name: /^I agree/ }))).toBe(RecordsMessages.consentRequired);
    expect(field('First name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Check the highlighted fields above.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('First name')));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('explains a malformed email and a domain that cannot receive mail', async () => {
    const { form, submit, field } = renderForm();
    fillMedicalForm(form, { ...completeAnswers, email: 'grace-at-example' });
    await submit();
    expect(descriptionOf(field('Email'))).toBe('Invalid email format');

    fillMedicalForm(form, { email: 'grace@mail.test' });
    await submit();
    expect(descriptionOf(field('Email'))).toBe(
      'mail.test is not a valid domain; please use an address that can receive mail',
    );
  });

  it('clears a message once its field changes', async () => {
    const { form, submit, field } = renderForm();
    await submit();
    fillMedicalForm(form, { firstName: 'Grace' });
    await settle();
    expect(field('First name').getAttribute('aria-invalid')).toBeNull();
    expect(descriptionOf(field('Last name'))).toBe('Last name is required');
  });

  it('needs a name and a phone for a contact, and ignores a contact row left empty', async () => {
    const { form, submit, onSubmit } = renderForm();
    fillMedicalForm(form, { ...completeAnswers, contactPhone: '' });
    await submit();
    const contact = within(screen.getByRole('group', { name: 'Contact 1' }));
    expect(descriptionOf(contact.getByLabelText('Phone'))).toBe('Phone is required');
    expect(onSubmit).not.toHaveBeenCalled();

    fillMedicalForm(form, { contactName: '', contactRelationship: '' });
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0].emergencyContacts).toEqual([]);
  });

  it('sends the form as the contract has it: trimmed, email in lower case, no empty phone', async () => {
    const { form, submit, onSubmit } = renderForm();
    fillMedicalForm(form, { ...completeAnswers, firstName: '  Grace ', email: 'Grace@Example.com', gender: 'female' });
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      phoneNumber: null,
      gender: 'female',
      bloodGroup: 'O+',
      allergies: 'Penicillin',
      allergySeverities: [],
      medicalConditions: 'None known',
      organDonor: true,
      medications: '',
      devices: '',
      languagesSpoken: '',
      careDirectives: '',
      dateOfBirth: null,
      resuscitationStatus: 'not_stated',
      directiveLocation: '',
      interpreterNeeded: null,
      writtenIn: 'en',
      emergencyContacts: [{ name: 'Sam Hopper', phone: '+1 555 010 0100', relationship: 'Partner', isPrimary: true }],
      hasGivenConsent: true,
    });
  });

  it('starts with organ donor and gender not stated, and sends them so when left alone', async () => {
    const { form, submit, onSubmit, field } = renderForm();
    expect(choice('Organ donor', 'Not stated').checked).toBe(true);
    expect(choice('Organ donor', 'Yes').checked).toBe(false);
    expect(choice('Organ donor', 'No').checked).toBe(false);
    expect((field('Gender') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Select…');

    fillMedicalForm(form, { ...completeAnswers, organDonor: undefined });
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ organDonor: null, gender: 'unspecified' });
  });

  it('lets an organ donor answer be taken back to not stated', async () => {
    const { form, submit, onSubmit } = renderForm();
    fillMedicalForm(form, { ...completeAnswers, organDonor: 'No' });
    fillMedicalForm(form, { organDonor: 'Not stated' });
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0].organDonor).toBeNull();
  });

  it('sends medications, devices, languages and care directives trimmed, with an example in each field', async () => {
    const { form, submit, onSubmit, field } = renderForm();
    for (const label of ['Medications', 'Devices and implants', 'Care directives', 'Languages spoken']) {
      expect(field(label).getAttribute('placeholder')).toMatch(/^e\.g\. /);
    }
    fillMedicalForm(form, {
      ...completeAnswers,
      medications: ' Warfarin 5 mg daily ',
      devices: 'Pacemaker',
      languagesSpoken: 'Welsh, English',
      careDirectives: 'DNR: document in wallet',
    });
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      medications: 'Warfarin 5 mg daily',
      devices: 'Pacemaker',
      languagesSpoken: 'Welsh, English',
      careDirectives: 'DNR: document in wallet',
    });
  });

  it('says under a new field when it is too long', async () => {
    const { form, submit, field, onSubmit } = renderForm();
    fillMedicalForm(form, { ...completeAnswers, languagesSpoken: 'x'.repeat(201) });
    await submit();
    // Nothing is cut: the whole text stays for the person to shorten, with how far over it is.
    expect((field('Languages spoken') as HTMLInputElement).value).toHaveLength(201);
    expect(field('Languages spoken').getAttribute('maxlength')).toBeNull();
    expect(descriptionOf(field('Languages spoken'))).toBe('At most 200 characters 201 / 200 · 1 too many');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows what the server rejected on the fields it names', async () => {
    const { form, submit, field } = renderForm({
      answer: async () => ({ email: 'example.com is not a valid domain; please use an address that can receive mail' }),
    });
    fillMedicalForm(form);
    await submit();
    await waitFor(() =>
      expect(descriptionOf(field('Email'))).toBe(
        'example.com is not a valid domain; please use an address that can receive mail',
      ),
    );
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('medical form: date of birth, resuscitation and interpreter', () => {
  it('sends them as the contract types them: a YYYY-MM-DD date, a status, the trimmed place and a yes or no', async () => {
    const { form, submit, onSubmit } = renderForm();
    fillMedicalForm(form, {
      ...completeAnswers,
      dateOfBirth: '1984-07-02',
      resuscitation: 'Advance directive exists',
      directiveLocation: ' Signed form in my wallet, front pocket ',
      interpreterNeeded: 'Yes',
    });
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      dateOfBirth: '1984-07-02',
      resuscitationStatus: 'directive',
      directiveLocation: 'Signed form in my wallet, front pocket',
      interpreterNeeded: true,
      // The interpreter's answer is its own: organ donor keeps the one given for it.
      organDonor: true,
    });

    fillMedicalForm(form, { resuscitation: 'Do not resuscitate (DNR)', interpreterNeeded: 'No', dateOfBirth: '' });
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]?.[0]).toMatchObject({
      dateOfBirth: null,
      resuscitationStatus: 'dnr',
      directiveLocation: '',
      interpreterNeeded: false,
    });
  });

  it('starts with no date of birth, resuscitation and interpreter not stated, and sends them so', async () => {
    const { form, submit, onSubmit, field } = renderForm();
    const dateOfBirth = field(/^Date of birth/) as HTMLInputElement;
    expect(dateOfBirth.value).toBe('');
    expect(choice('Resuscitation', 'Not stated').checked).toBe(true);
    expect(choice('Interpreter needed', 'Not stated').checked).toBe(true);
    expect(
      within(screen.getByRole('group', { name: 'Resuscitation' }))
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Full resuscitation', 'Do not resuscitate (DNR)', 'Advance directive exists', 'Not stated']);
    expect(screen.queryByLabelText('Where the directive is kept')).toBeNull();

    fillMedicalForm(form, completeAnswers);
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      dateOfBirth: null,
      resuscitationStatus: 'not_stated',
      directiveLocation: '',
      interpreterNeeded: null,
    });
  });

  it('labels each field and reads its hint with it', () => {
    const { field } = renderForm();
    const dateOfBirth = field(/^Date of birth/) as HTMLInputElement;
    expect(dateOfBirth.type).toBe('date');
    expect(dateOfBirth.min).toBe('1900-01-01');
    expect(dateOfBirth.max).toBe(new Date().toISOString().slice(0, 10));
    expect(descriptionOf(dateOfBirth)).toBe('Responders see your age, not the date.');
    expect(descriptionOf(screen.getByRole('group', { name: 'Resuscitation' }))).toBe(
      'What a crew should do if your heart stops. Say where your advance directive is kept if you have one.',
    );
    expect(screen.getByRole('group', { name: 'Interpreter needed' })).toBeTruthy();
  });

  it('asks where the directive is kept only with an advance directive, keeps what was typed and sends it only then', async () => {
    const { form, submit, onSubmit, field } = renderForm();
    fillMedicalForm(form, { ...completeAnswers, resuscitation: 'Do not resuscitate (DNR)' });
    expect(screen.queryByLabelText('Where the directive is kept')).toBeNull();

    fillMedicalForm(form, { resuscitation: 'Advance directive exists' });
    expect(field('Where the directive is kept').getAttribute('placeholder')).toBe(
      'e.g. Signed form in my wallet, front pocket',
    );
    fillMedicalForm(form, { directiveLocation: 'Kitchen drawer' });
    fillMedicalForm(form, { resuscitation: 'Full resuscitation' });
    expect(screen.queryByLabelText('Where the directive is kept')).toBeNull();
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ resuscitationStatus: 'full', directiveLocation: '' });

    fillMedicalForm(form, { resuscitation: 'Advance directive exists' });
    expect((field('Where the directive is kept') as HTMLInputElement).value).toBe('Kitchen drawer');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]?.[0]).toMatchObject({
      resuscitationStatus: 'directive',
      directiveLocation: 'Kitchen drawer',
    });
  });

  it('says under the place of the directive when it is too long, and not once the status is another', async () => {
    const { form, submit, field, onSubmit } = renderForm();
    fillMedicalForm(form, {
      ...completeAnswers,
      resuscitation: 'Advance directive exists',
      directiveLocation: 'x'.repeat(201),
    });
    await submit();
    expect(descriptionOf(field('Where the directive is kept'))).toBe('At most 200 characters 201 / 200 · 1 too many');
    expect(onSubmit).not.toHaveBeenCalled();

    fillMedicalForm(form, { resuscitation: 'Full resuscitation' });
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ resuscitationStatus: 'full', directiveLocation: '' });
  });

  it('refuses a date of birth before 1900 or in the future, under the field', async () => {
    const { form, submit, field, onSubmit } = renderForm();
    fillMedicalForm(form, { ...completeAnswers, dateOfBirth: '1899-12-31' });
    await submit();
    expect(descriptionOf(field(/^Date of birth/))).toBe('Must be 1900 or later Responders see your age, not the date.');
    expect(field(/^Date of birth/).getAttribute('aria-invalid')).toBe('true');

    fillMedicalForm(form, { dateOfBirth: `${new Date().getUTCFullYear() + 1}-01-01` });
    await submit();
    expect(descriptionOf(field(/^Date of birth/))).toBe(
      'Cannot be in the future Responders see your age, not the date.',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('fills the form with what a saved record says', async () => {
    const record = aMedicalRecord({
      dateOfBirth: '1984-07-02',
      resuscitationStatus: 'directive',
      directiveLocation: 'Kitchen drawer, blue folder',
      interpreterNeeded: false,
      organDonor: true,
    });
    const { submit, onSubmit, field } = renderForm({
      initialValues: medicalFormFromRecord(record, record.emergencyContacts),
    });
    expect((field(/^Date of birth/) as HTMLInputElement).value).toBe('1984-07-02');
    expect(choice('Resuscitation', 'Advance directive exists').checked).toBe(true);
    expect((field('Where the directive is kept') as HTMLInputElement).value).toBe('Kitchen drawer, blue folder');
    expect(choice('Interpreter needed', 'No').checked).toBe(true);
    expect(choice('Organ donor', 'Yes').checked).toBe(true);

    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      dateOfBirth: '1984-07-02',
      resuscitationStatus: 'directive',
      directiveLocation: 'Kitchen drawer, blue folder',
      interpreterNeeded: false,
    });
  });

  it('reads a record saved before these questions as not stated', () => {
    const older = savedBeforeFirstMinuteFacts(aMedicalRecord());
    const record = older as MedicalRecord;
    const { field } = renderForm({ initialValues: medicalFormFromRecord(record, record.emergencyContacts) });
    expect((field(/^Date of birth/) as HTMLInputElement).value).toBe('');
    expect(choice('Resuscitation', 'Not stated').checked).toBe(true);
    expect(choice('Interpreter needed', 'Not stated').checked).toBe(true);
    expect(screen.queryByLabelText('Where the directive is kept')).toBeNull();
  });

  it('shows what the server said about the date of birth under that field, once', async () => {
    const refusal = normalizeApiError(
      400,
      'Bad Request',
      JSON.stringify({
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: 'Validation failed',
        issues: [{ path: 'dateOfBirth', message: 'cannot be in the future' }],
      }),
    );
    const { form, submit, field } = renderForm({ answer: async () => fieldErrorsFromServer(refusal) });
    fillMedicalForm(form, { ...completeAnswers, dateOfBirth: '1984-07-02' });
    await submit();
    await waitFor(() =>
      expect(descriptionOf(field(/^Date of birth/))).toBe(
        'cannot be in the future Responders see your age, not the date.',
      ),
    );
    expect(field(/^Date of birth/).getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getAllByText('cannot be in the future')).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(field(/^Date of birth/)));
  });
});

describe('medical form: emergency contacts', () => {
  it('keeps free plans to one contact and says premium allows up to 10', () => {
    renderForm({ maxContacts: MAX_CONTACTS_FREE });
    expect((screen.getByRole('button', { name: 'Add emergency contact' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Free plans keep one emergency contact. Premium allows up to 10.')).toBeTruthy();
  });

  it('lets premium add contacts, with one primary at a time, and remove them', () => {
    renderForm({ maxContacts: MAX_CONTACTS_PREMIUM });
    fireEvent.click(screen.getByRole('button', { name: 'Add emergency contact' }));
    const first = within(screen.getByRole('group', { name: 'Contact 1' }));
    const second = within(screen.getByRole('group', { name: 'Contact 2' }));
    const primary = (contact: typeof first) =>
      contact.getByRole('checkbox', { name: /^Primary contact/ }) as HTMLInputElement;
    expect([primary(first).checked, primary(second).checked]).toEqual([true, false]);

    fireEvent.click(primary(second));
    expect([primary(first).checked, primary(second).checked]).toEqual([false, true]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove contact 1' }));
    expect(screen.queryByRole('group', { name: 'Contact 2' })).toBeNull();
    expect(primary(within(screen.getByRole('group', { name: 'Contact 1' }))).checked).toBe(true);
  });
});
