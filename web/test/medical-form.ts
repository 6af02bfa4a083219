import { fireEvent, within } from '@testing-library/react';

type YesNoNotStated = 'Yes' | 'No' | 'Not stated';

/** Answers for the medical form; anything left out keeps what is on screen. */
export interface MedicalFormAnswers {
  firstName?: string;
  lastName?: string;
  /** YYYY-MM-DD, or '' to clear it. */
  dateOfBirth?: string;
  email?: string;
  phoneNumber?: string;
  gender?: string;
  bloodGroup?: string;
  allergies?: string;
  medicalConditions?: string;
  organDonor?: YesNoNotStated;
  /** The choice's label, e.g. "Advance directive exists". */
  resuscitation?: string;
  /** Shown only with an advance directive: choose it first. */
  directiveLocation?: string;
  medications?: string;
  devices?: string;
  languagesSpoken?: string;
  interpreterNeeded?: YesNoNotStated;
  careDirectives?: string;
  contactName?: string;
  contactPhone?: string;
  contactRelationship?: string;
  consent?: boolean;
}

export const completeAnswers: MedicalFormAnswers = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  bloodGroup: 'O+',
  allergies: 'Penicillin',
  medicalConditions: 'None known',
  organDonor: 'Yes',
  contactName: 'Sam Hopper',
  contactPhone: '+1 555 010 0100',
  contactRelationship: 'Partner',
  consent: true,
};

function type(field: HTMLElement, value: string) {
  fireEvent.change(field, { target: { value } });
}

/** Fills the medical form inside `scope` the way a person would (first contact only). */
export function fillMedicalForm(scope: HTMLElement, answers: MedicalFormAnswers = completeAnswers) {
  const form = within(scope);
  if (answers.firstName !== undefined) type(form.getByLabelText('First name'), answers.firstName);
  if (answers.lastName !== undefined) type(form.getByLabelText('Last name'), answers.lastName);
  if (answers.dateOfBirth !== undefined) type(form.getByLabelText(/^Date of birth/), answers.dateOfBirth);
  if (answers.email !== undefined) type(form.getByLabelText('Email'), answers.email);
  if (answers.phoneNumber !== undefined) type(form.getByLabelText(/^Phone number/), answers.phoneNumber);
  if (answers.gender !== undefined) type(form.getByLabelText('Gender'), answers.gender);
  if (answers.bloodGroup !== undefined) type(form.getByLabelText('Blood group'), answers.bloodGroup);
  if (answers.allergies !== undefined) type(form.getByLabelText('Allergies'), answers.allergies);
  if (answers.medicalConditions !== undefined)
    type(form.getByLabelText('Medical conditions'), answers.medicalConditions);
  const choose = (group: string, choice: string) =>
    fireEvent.click(within(form.getByRole('group', { name: group })).getByRole('radio', { name: choice }));
  if (answers.resuscitation !== undefined) choose('Resuscitation', answers.resuscitation);
  if (answers.directiveLocation !== undefined)
    type(form.getByLabelText('Where the directive is kept'), answers.directiveLocation);
  if (answers.organDonor !== undefined) choose('Organ donor', answers.organDonor);
  if (answers.medications !== undefined) type(form.getByLabelText('Medications'), answers.medications);
  if (answers.devices !== undefined) type(form.getByLabelText('Devices and implants'), answers.devices);
  if (answers.languagesSpoken !== undefined) type(form.getByLabelText('Languages spoken'), answers.languagesSpoken);
  if (answers.interpreterNeeded !== undefined) choose('Interpreter needed', answers.interpreterNeeded);
  if (answers.careDirectives !== undefined) type(form.getByLabelText('Care directives'), answers.careDirectives);
  const contact = () => within(form.getByRole('group', { name: 'Contact 1' }));
  if (answers.contactName !== undefined) type(contact().getByLabelText('Name'), answers.contactName);
  if (answers.contactPhone !== undefined) type(contact().getByLabelText('Phone'), answers.contactPhone);
  if (answers.contactRelationship !== undefined)
    type(contact().getByLabelText(/^Relationship/), answers.contactRelationship);
  const consent = form.getByRole('checkbox', { name: /^I agree/ }) as HTMLInputElement;
  if (answers.consent !== undefined && consent.checked !== answers.consent) fireEvent.click(consent);
}

/** The text a screen reader reads after a field's name: its message and hint (aria-describedby). */
export function descriptionOf(field: HTMLElement): string {
  const ids = field.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .filter(Boolean)
    .join(' ');
}
