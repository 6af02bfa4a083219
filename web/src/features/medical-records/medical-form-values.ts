import {
  AuthMessages,
  severitiesForText,
  MAX_CONTACTS_FREE,
  medicalFormSchema,
  RecordsMessages,
  type AllergySeverityEntry,
  type BloodGroup,
  type EmergencyContact,
  type Gender,
  type MedicalForm,
  type MedicalRecord,
  type ResponderLanguage,
  type ResuscitationStatus,
} from '@medical-qr/contracts';
import { z } from 'zod';
import { FORM_ERROR, type FieldErrors } from '../../components/ui/form';

/** One contact as typed. */
export interface ContactDraft {
  name: string;
  phone: string;
  relationship: string;
  isPrimary: boolean;
}

/**
 * The medical form as the inputs hold it: text as typed, no blood group until one is chosen, no date of birth
 * until one is picked (''), and gender ('unspecified'), organ donor and interpreter (null) and resuscitation
 * ('not_stated') not stated until the person answers. The directive's place stays as typed whatever the status;
 * it is sent only with `directive`.
 */
export interface MedicalFormValues {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD, or '' when not given. */
  dateOfBirth: string;
  email: string;
  phoneNumber: string;
  gender: Gender;
  bloodGroup: BloodGroup | '';
  allergies: string;
  /**
   * The severities chosen for allergies entries, kept while the owner edits the text (an entry deleted and typed again
   * keeps its choice); only those the text still names are sent.
   */
  allergySeverities: AllergySeverityEntry[];
  medicalConditions: string;
  organDonor: boolean | null;
  resuscitationStatus: ResuscitationStatus;
  directiveLocation: string;
  medications: string;
  devices: string;
  languagesSpoken: string;
  interpreterNeeded: boolean | null;
  writtenIn: ResponderLanguage;
  careDirectives: string;
  emergencyContacts: ContactDraft[];
  hasGivenConsent: boolean;
}

/** The label of the field that says where an advance directive is kept, in the form and where answers are compared. */
export const DIRECTIVE_LOCATION_LABEL = 'Where the directive is kept';

/** Who the form is for, to prefill the personal details. */
export interface PersonDetails {
  firstName?: string;
  lastName?: string;
  email?: string;
  phoneNumber?: string | null;
}

export function newContactDraft(isPrimary = false): ContactDraft {
  return { name: '', phone: '', relationship: '', isPrimary };
}

export function emptyMedicalForm(person: PersonDetails = {}): MedicalFormValues {
  return {
    firstName: person.firstName ?? '',
    lastName: person.lastName ?? '',
    dateOfBirth: '',
    email: person.email ?? '',
    phoneNumber: person.phoneNumber ?? '',
    gender: 'unspecified',
    bloodGroup: '',
    allergies: '',
    allergySeverities: [],
    medicalConditions: '',
    organDonor: null,
    resuscitationStatus: 'not_stated',
    directiveLocation: '',
    medications: '',
    devices: '',
    languagesSpoken: '',
    interpreterNeeded: null,
    writtenIn: 'en',
    careDirectives: '',
    // One row ready to fill: most people have someone to call.
    emergencyContacts: [newContactDraft(true)],
    hasGivenConsent: false,
  };
}

/** The facts added after the first records were saved: a record or a kept draft from before may not hold them. */
type LaterFacts = Pick<
  MedicalForm,
  'dateOfBirth' | 'resuscitationStatus' | 'directiveLocation' | 'interpreterNeeded' | 'writtenIn' | 'allergySeverities'
>;

/** Those facts as saved, or not stated (empty) where an older record or draft has none. */
export function laterFactsOf(saved: Partial<LaterFacts>): LaterFacts {
  return {
    dateOfBirth: saved.dateOfBirth ?? null,
    resuscitationStatus: saved.resuscitationStatus ?? 'not_stated',
    directiveLocation: saved.directiveLocation ?? '',
    interpreterNeeded: saved.interpreterNeeded ?? null,
    writtenIn: saved.writtenIn ?? 'en',
    allergySeverities: saved.allergySeverities ?? [],
  };
}

/** A saved record's own answers, named as the form and the gateway both name them. */
function answersOf(record: MedicalRecord) {
  return {
    ...laterFactsOf(record),
    firstName: record.firstName,
    lastName: record.lastName,
    email: record.email,
    gender: record.gender,
    bloodGroup: record.bloodGroup,
    allergies: record.allergies,
    medicalConditions: record.medicalConditions,
    organDonor: record.organDonor,
    medications: record.medications,
    devices: record.devices,
    languagesSpoken: record.languagesSpoken,
    careDirectives: record.careDirectives,
  };
}

const contactAnswers = ({ name, phone, relationship, isPrimary }: EmergencyContact) => ({
  name,
  phone,
  relationship,
  isPrimary,
});

/** The form filled from a saved record; its consent stays given (saving edits the same record). */
export function medicalFormFromRecord(record: MedicalRecord, contacts: EmergencyContact[]): MedicalFormValues {
  const saved = contacts.length > 0 ? contacts : record.emergencyContacts;
  const answers = answersOf(record);
  return {
    ...answers,
    dateOfBirth: answers.dateOfBirth ?? '',
    phoneNumber: record.phoneNumber ?? '',
    emergencyContacts: saved.length > 0 ? saved.map(contactAnswers) : [newContactDraft(true)],
    hasGivenConsent: record.hasGivenConsent,
  };
}

/** A checked form as the inputs hold it again (a kept draft, the saved side of an edit conflict). */
export function formValuesOf(form: MedicalForm): MedicalFormValues {
  return {
    ...form,
    dateOfBirth: form.dateOfBirth ?? '',
    phoneNumber: form.phoneNumber ?? '',
    emergencyContacts: form.emergencyContacts.length > 0 ? form.emergencyContacts : [newContactDraft(true)],
  };
}

/** A saved record as the form the gateway takes, to issue it a new code with the same details. */
export function medicalFormOfRecord(record: MedicalRecord): MedicalForm {
  return {
    ...answersOf(record),
    phoneNumber: record.phoneNumber,
    emergencyContacts: record.emergencyContacts.map(contactAnswers),
    // A record exists only once its owner consented.
    hasGivenConsent: true,
  };
}

/**
 * The form's schema: {@link checkMedicalForm} as a zod schema, so the form block checks the values
 * the way it checks every other form, and hands on the body to send.
 */
export function medicalFormValuesSchema(maxContacts: number) {
  return z.custom<MedicalFormValues>().transform((values, context) => {
    const check = checkMedicalForm(values, maxContacts);
    if (check.ok) return check.form;
    for (const [field, message] of Object.entries(check.errors)) {
      // A message about the whole form goes where the form block keeps it.
      const path = field === FORM_ERROR ? ['root', 'server'] : field.split('.');
      context.addIssue({ code: 'custom', path, message: message ?? '' });
    }
    return z.NEVER;
  });
}

export type MedicalFormCheck = { ok: true; form: MedicalForm } | { ok: false; errors: FieldErrors };

const isBlankContact = (contact: ContactDraft) =>
  contact.name.trim() === '' && contact.phone.trim() === '' && contact.relationship.trim() === '';

/**
 * Checks the values with the contract's `medicalFormSchema` (the one the gateway applies) plus the
 * plan's contact limit, and returns either the body to send or the messages by field. Contact rows
 * left completely empty are ignored.
 */
export function checkMedicalForm(values: MedicalFormValues, maxContacts: number): MedicalFormCheck {
  const filled = values.emergencyContacts
    .map((contact, index) => ({ contact, index }))
    .filter(({ contact }) => !isBlankContact(contact));

  const result = medicalFormSchema.safeParse({
    firstName: values.firstName,
    lastName: values.lastName,
    dateOfBirth: values.dateOfBirth === '' ? null : values.dateOfBirth,
    email: values.email,
    phoneNumber: values.phoneNumber.trim() === '' ? null : values.phoneNumber,
    gender: values.gender,
    bloodGroup: values.bloodGroup === '' ? undefined : values.bloodGroup,
    allergies: values.allergies,
    // What the owner sees under the text is what is sent: a choice for an entry since removed is left behind.
    allergySeverities: severitiesForText(values.allergies, values.allergySeverities),
    medicalConditions: values.medicalConditions,
    organDonor: values.organDonor,
    resuscitationStatus: values.resuscitationStatus,
    // Kept in the field while the status changes back and forth; said only beside an advance directive.
    directiveLocation: values.resuscitationStatus === 'directive' ? values.directiveLocation : '',
    medications: values.medications,
    devices: values.devices,
    languagesSpoken: values.languagesSpoken,
    interpreterNeeded: values.interpreterNeeded,
    writtenIn: values.writtenIn,
    careDirectives: values.careDirectives,
    emergencyContacts: filled.map(({ contact: { name, phone, relationship, isPrimary } }) => ({
      name,
      phone,
      relationship,
      isPrimary,
    })),
    hasGivenConsent: values.hasGivenConsent,
  });

  const errors: FieldErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = issue.path.map(String);
      // The schema counts only the filled rows; the screen counts them all.
      if (path[0] === 'emergencyContacts' && path[1] !== undefined) {
        path[1] = String(filled[Number(path[1])]?.index ?? path[1]);
      }
      const field = path.join('.') || FORM_ERROR;
      errors[field] ??= readableMessage(field, issue.message);
    }
  }
  if (filled.length > maxContacts) {
    errors.emergencyContacts ??=
      maxContacts === MAX_CONTACTS_FREE ? RecordsMessages.tooManyContactsFree : `At most ${maxContacts} contacts`;
  }

  if (result.success && Object.keys(errors).length === 0) return { ok: true, form: result.data };
  return { ok: false, errors };
}

/** The schema speaks to API callers in places; under a field the person needs plainer words. */
function readableMessage(field: string, message: string): string {
  if (field === 'email' && message === AuthMessages.requiredFields) return 'Email is required';
  if (field === 'bloodGroup') return 'Choose a blood group (choose Unknown if you are not sure)';
  if (field === 'gender' || field === 'resuscitationStatus') return 'Choose one of the options';
  const sentence = /^(at most|only one|must be|cannot be)\b/.test(message);
  return sentence ? message.charAt(0).toUpperCase() + message.slice(1) : message;
}
