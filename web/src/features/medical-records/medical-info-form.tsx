import {
  BLOOD_GROUPS,
  DIRECTIVE_LOCATION_MAX,
  EXTRA_MEDICAL_FIELDS,
  GENDER_CHOICES,
  GENDER_LABELS,
  LANGUAGE_ENDONYMS,
  LANGUAGE_TAGS,
  MEDICAL_TEXT_LIMITS,
  RESPONDER_LANGUAGES,
  RESUSCITATION_LABELS,
  type MedicalForm,
  type ResuscitationStatus,
} from '@medical-qr/contracts';
import { Fragment, useMemo, type ReactNode } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import {
  EmailInput,
  FieldWrapper,
  Form,
  FormAlert,
  Input,
  PhoneInput,
  Select,
  SubmitButton,
  Textarea,
  useAppForm,
  type FieldErrors,
} from '../../components/ui/form';
import { useUnsavedWork } from '../../lib/unsaved-work';
import { AllergySeverityRows } from './allergy-severity-rows';
import { CodedTextField } from './coded-text-field';
import { EmergencyContactsFields } from './emergency-contacts-fields';
import { DIRECTIVE_LOCATION_LABEL, medicalFormValuesSchema, type MedicalFormValues } from './medical-form-values';
import { SegmentedChoice, YES_NO_NOT_STATED, type Choice } from './segmented-choice';
import { useMedicalFields } from './use-medical-fields';

export interface MedicalInfoFormProps {
  initialValues: MedicalFormValues;
  /** Emergency contacts the plan allows. */
  maxContacts: number;
  submitLabel: string;
  pendingLabel: string;
  /** Sends the checked form; answers the messages to show by field (a rejected request), or null. */
  onSubmit: (form: MedicalForm) => Promise<FieldErrors | null>;
  /** Said beside the submit button, e.g. what saving does to the current code. */
  submitNote?: ReactNode;
  /** Said under the email field. */
  emailHint?: ReactNode;
  /** Shown above the submit button, inside the form (a kept draft, an edit conflict). */
  notice?: ReactNode;
}

const NONE_KNOWN_HINT = 'Write “None known” if you have none, so responders know it was not left out.';

/**
 * The medical form (SPEC section 2, "Home and login"): who you are, the medical facts a responder
 * needs, whom to call, and consent. Checked with the contract's schema before anything is sent;
 * every message shows under the field it names.
 */
export function MedicalInfoForm(props: MedicalInfoFormProps) {
  const { initialValues, maxContacts, submitLabel, pendingLabel, onSubmit, submitNote, emailHint, notice } = props;
  const schema = useMemo(() => medicalFormValuesSchema(maxContacts), [maxContacts]);
  const form = useAppForm(schema, initialValues);
  useUnsavedWork(form.formState.isDirty);
  const send = async (body: MedicalForm) => {
    const rejected = await onSubmit(body);
    return rejected && Object.keys(rejected).length > 0 ? { errors: rejected } : undefined;
  };

  return (
    <Form form={form} onSubmit={send} className="flex flex-col gap-6">
      <AboutYou emailHint={emailHint} />
      <MedicalDetails />
      <MoreForResponders />
      <Section title="Emergency contacts" description="Responders can call or text them straight from your card.">
        <EmergencyContactsFields maxContacts={maxContacts} />
      </Section>
      <ConsentBox />
      {notice}
      <FormAlert />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-5">
        <SubmitButton pendingLabel={pendingLabel} className="w-full sm:w-auto">
          {submitLabel}
        </SubmitButton>
        <SubmitNote note={submitNote} />
      </div>
    </Form>
  );
}

/** The earliest date of birth the contract takes. */
const EARLIEST_BIRTH_DATE = '1900-01-01';

function AboutYou({ emailHint }: { emailHint?: ReactNode }) {
  const { fieldProps } = useMedicalFields();
  // The contract's "today" is the UTC day; the picker offers no later day than the check takes.
  const today = new Date().toISOString().slice(0, 10);
  return (
    <FieldsSection title="About you" description="Shown on your card, so responders know who you are.">
      <Input label="First name" autoComplete="given-name" limit={100} {...fieldProps('firstName')} />
      <Input label="Last name" autoComplete="family-name" limit={100} {...fieldProps('lastName')} />
      <Input
        label="Date of birth"
        labelExtra="(optional)"
        type="date"
        autoComplete="bday"
        min={EARLIEST_BIRTH_DATE}
        max={today}
        hint="Responders see your age, not the date."
        // Safari on iPhone centres the chosen date; the other fields' text starts at the left.
        className="[&::-webkit-date-and-time-value]:text-left"
        {...fieldProps('dateOfBirth')}
      />
      <EmailInput placeholder="you@example.com" limit={254} hint={emailHint} {...fieldProps('email')} />
      <PhoneInput limit={25} {...fieldProps('phoneNumber')} />
    </FieldsSection>
  );
}

/** The two facts a responder asks first; "None known" is an answer, an empty field is not. */
const NONE_KNOWN_FIELDS = [
  { name: 'allergies', label: 'Allergies', placeholder: 'e.g. Penicillin, peanuts, bee stings' },
  {
    name: 'medicalConditions',
    label: 'Medical conditions',
    placeholder: 'e.g. Type 1 diabetes, epilepsy, asthma, heart failure',
  },
] as const;

function MedicalDetails() {
  const { disabled, fieldProps } = useMedicalFields();
  return (
    <FieldsSection title="Medical details" description="What a responder needs to know in the first minutes.">
      <Select label="Blood group" {...fieldProps('bloodGroup')}>
        <option value="" disabled>
          Choose your blood group
        </option>
        {BLOOD_GROUPS.map((group) => (
          <option key={group} value={group}>
            {group === 'Unknown' ? 'Unknown (not sure)' : group}
          </option>
        ))}
      </Select>
      <Select label="Gender" {...fieldProps('gender')}>
        {/* Not stated until the person answers: an answer is never assumed. */}
        <option value="unspecified">Select…</option>
        {GENDER_CHOICES.map((gender) => (
          <option key={gender} value={gender}>
            {GENDER_LABELS[gender]}
          </option>
        ))}
      </Select>
      <WrittenInSelect />
      {NONE_KNOWN_FIELDS.map(({ name, label, placeholder }) => (
        <Fragment key={name}>
          <CodedTextField
            name={name}
            label={label}
            placeholder={placeholder}
            hint={NONE_KNOWN_HINT}
            className="sm:col-span-2"
          />
          {name === 'allergies' ? <AllergySeverityRows className="sm:col-span-2" /> : null}
        </Fragment>
      ))}
      <ResuscitationFields />
      <SegmentedChoice
        name="organDonor"
        legend="Organ donor"
        choices={YES_NO_NOT_STATED}
        disabled={disabled}
        gridClassName="max-w-md grid-cols-[1fr_1fr_1.4fr]"
        className="sm:col-span-2"
      />
    </FieldsSection>
  );
}

/**
 * The language the owner writes the free text in, each named in itself. Responders read the text as written (it is
 * never translated), marked with this language.
 */
function WrittenInSelect() {
  const { fieldProps } = useMedicalFields();
  return (
    <Select
      label="Written in"
      hint="Responders see your own words as you wrote them, marked with this language."
      {...fieldProps('writtenIn')}
      className="sm:max-w-[calc(50%-0.5rem)]"
      containerClassName="sm:col-span-2"
    >
      {RESPONDER_LANGUAGES.map((language) => (
        <option key={language} value={language} lang={LANGUAGE_TAGS[language]}>
          {LANGUAGE_ENDONYMS[language]}
        </option>
      ))}
    </Select>
  );
}

/** The answers first, Not stated last (where it starts), as for organ donor. */
const RESUSCITATION_CHOICES: Choice<ResuscitationStatus>[] = (['full', 'dnr', 'directive', 'not_stated'] as const).map(
  (value) => ({ label: RESUSCITATION_LABELS[value], value }),
);

/**
 * What a crew should do if the heart stops, and, with an advance directive, where it is kept. The place stays as
 * typed while the answer changes; it is sent only with an advance directive.
 */
function ResuscitationFields() {
  const { disabled, fieldProps } = useMedicalFields();
  const status = useWatch<MedicalFormValues, 'resuscitationStatus'>({ name: 'resuscitationStatus' });
  return (
    <>
      <SegmentedChoice
        name="resuscitationStatus"
        legend="Resuscitation"
        choices={RESUSCITATION_CHOICES}
        hint="What a crew should do if your heart stops. Say where your advance directive is kept if you have one."
        disabled={disabled}
        gridClassName="max-w-xl sm:grid-cols-2"
        className="sm:col-span-2"
      />
      {status === 'directive' ? (
        <Input
          label={DIRECTIVE_LOCATION_LABEL}
          placeholder="e.g. Signed form in my wallet, front pocket"
          limit={DIRECTIVE_LOCATION_MAX}
          {...fieldProps('directiveLocation')}
          containerClassName="sm:col-span-2"
        />
      ) : null}
    </>
  );
}

/** The optional facts responders ask about first that the curated list names, with an example in each field. */
const LISTED_FOR_RESPONDERS_FIELDS = [
  { name: 'medications', placeholder: 'e.g. Warfarin 5 mg daily, insulin, salbutamol inhaler' },
  { name: 'devices', placeholder: 'e.g. Pacemaker, insulin pump, cochlear implant, hearing aids' },
] as const;

function MoreForResponders() {
  const { disabled, fieldProps } = useMedicalFields();
  return (
    <FieldsSection
      title="More for responders"
      description="Optional. What you take, what is implanted and what you want done change a responder's first steps."
    >
      {LISTED_FOR_RESPONDERS_FIELDS.map(({ name, placeholder }) => (
        <CodedTextField
          key={name}
          name={name}
          label={EXTRA_MEDICAL_FIELDS[name]}
          placeholder={placeholder}
          rows={2}
          className="sm:col-span-2"
        />
      ))}
      <Textarea
        label={EXTRA_MEDICAL_FIELDS.careDirectives}
        placeholder="e.g. No blood transfusions; my GP holds my care plan"
        limit={MEDICAL_TEXT_LIMITS.careDirectives}
        rows={2}
        {...fieldProps('careDirectives')}
        containerClassName="sm:col-span-2"
      />
      <Input
        label={EXTRA_MEDICAL_FIELDS.languagesSpoken}
        placeholder="e.g. English, Spanish; some French"
        limit={MEDICAL_TEXT_LIMITS.languagesSpoken}
        {...fieldProps('languagesSpoken')}
      />
      <SegmentedChoice
        name="interpreterNeeded"
        legend="Interpreter needed"
        choices={YES_NO_NOT_STATED}
        disabled={disabled}
        gridClassName="grid-cols-[1fr_1fr_1.4fr]"
      />
    </FieldsSection>
  );
}

function ConsentBox() {
  const { register, disabled } = useMedicalFields();
  return (
    <FieldWrapper name="hasGivenConsent">
      {(control) => (
        <label className="flex cursor-pointer items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-[15px] leading-relaxed text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
          <input
            type="checkbox"
            {...control}
            {...register('hasGivenConsent')}
            disabled={disabled}
            className="mt-0.5 size-6 shrink-0 accent-red-600"
          />
          <span>
            I agree that Medical QR stores this information encrypted and shows it to anyone who scans my QR code.
          </span>
        </label>
      )}
    </FieldWrapper>
  );
}

/** Beside the submit button: what to do after a failed check, else what saving does. */
function SubmitNote({ note }: { note?: ReactNode }) {
  const { errors } = useFormState();
  const { root, ...fields } = errors;
  if (Object.keys(fields).length > 0 && !root?.server) {
    return (
      <p className="text-[15px] font-semibold text-red-700 dark:text-red-400">Check the highlighted fields above.</p>
    );
  }
  return note ? <p className="text-[15px] text-slate-600 dark:text-slate-300">{note}</p> : null;
}

/** A section of fields, two columns from `sm` up. */
function FieldsSection({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Section title={title} description={description}>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </Section>
  );
}

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <legend className="float-left w-full text-lg font-bold text-slate-900 dark:text-white">{title}</legend>
      <p className="clear-left pt-1 text-[15px] text-slate-600 dark:text-slate-400">{description}</p>
      <div className="mt-4">{children}</div>
    </fieldset>
  );
}
