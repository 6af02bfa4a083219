import {
  BLOOD_GROUPS,
  EXTRA_MEDICAL_FIELDS,
  GENDER_CHOICES,
  GENDER_LABELS,
  MEDICAL_TEXT_LIMITS,
  organDonorLabel,
  type MedicalForm,
} from '@medical-qr/contracts';
import { useMemo, type ReactNode } from 'react';
import { useController, useFormState } from 'react-hook-form';
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
import { cn } from '../../lib/cn';
import { useUnsavedWork } from '../../lib/unsaved-work';
import { EmergencyContactsFields } from './emergency-contacts-fields';
import { medicalFormValuesSchema, type MedicalFormValues } from './medical-form-values';
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

function AboutYou({ emailHint }: { emailHint?: ReactNode }) {
  const { fieldProps } = useMedicalFields();
  return (
    <FieldsSection title="About you" description="Shown on your card, so responders know who you are.">
      <Input label="First name" autoComplete="given-name" limit={100} {...fieldProps('firstName')} />
      <Input label="Last name" autoComplete="family-name" limit={100} {...fieldProps('lastName')} />
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
      {NONE_KNOWN_FIELDS.map(({ name, label, placeholder }) => (
        <Textarea
          key={name}
          label={label}
          placeholder={placeholder}
          hint={NONE_KNOWN_HINT}
          limit={MEDICAL_TEXT_LIMITS[name]}
          {...fieldProps(name)}
          containerClassName="sm:col-span-2"
        />
      ))}
      <OrganDonorChoice disabled={disabled} />
    </FieldsSection>
  );
}

/** The optional facts responders ask about first, with an example in each field. */
const FOR_RESPONDERS_FIELDS = [
  { name: 'medications', placeholder: 'e.g. Warfarin 5 mg daily, insulin, salbutamol inhaler' },
  { name: 'devices', placeholder: 'e.g. Pacemaker, insulin pump, cochlear implant, hearing aids' },
  { name: 'careDirectives', placeholder: 'e.g. DNR: document in wallet; advance directive with my GP' },
] as const;

function MoreForResponders() {
  const { fieldProps } = useMedicalFields();
  return (
    <FieldsSection
      title="More for responders"
      description="Optional. What you take, what is implanted and what you want done change a responder's first steps."
    >
      {FOR_RESPONDERS_FIELDS.map(({ name, placeholder }) => (
        <Textarea
          key={name}
          label={EXTRA_MEDICAL_FIELDS[name]}
          placeholder={placeholder}
          limit={MEDICAL_TEXT_LIMITS[name]}
          rows={2}
          {...fieldProps(name)}
          containerClassName="sm:col-span-2"
        />
      ))}
      <Input
        label={EXTRA_MEDICAL_FIELDS.languagesSpoken}
        placeholder="e.g. English, Spanish; some French"
        limit={MEDICAL_TEXT_LIMITS.languagesSpoken}
        {...fieldProps('languagesSpoken')}
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

/**
 * Yes, No or Not stated as three large segments (radio buttons underneath, so arrow keys work).
 * It starts at Not stated: an unanswered question never reads as "No", and an answer can be taken back.
 */
function OrganDonorChoice({ disabled }: { disabled?: boolean }) {
  const { field } = useController<MedicalFormValues, 'organDonor'>({ name: 'organDonor' });
  const choices = ([true, false, null] as const).map((value) => ({ label: organDonorLabel(value), value }));
  return (
    <fieldset className="min-w-0 sm:col-span-2">
      <legend className="mb-1.5 text-[15px] font-semibold text-slate-800 dark:text-slate-100">Organ donor</legend>
      <div className="grid max-w-md grid-cols-[1fr_1fr_1.4fr] gap-2">
        {choices.map((choice) => (
          <label
            key={choice.label}
            className={cn(
              'flex min-h-12 cursor-pointer items-center justify-center rounded-xl border border-slate-300 bg-white px-2 text-center text-base font-semibold whitespace-nowrap text-slate-800 transition-colors',
              'hover:bg-slate-50 has-[:checked]:border-red-600 has-[:checked]:bg-red-50 has-[:checked]:text-red-800',
              'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-red-600',
              'dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:hover:bg-slate-900',
              'dark:has-[:checked]:border-red-400 dark:has-[:checked]:bg-red-950/60 dark:has-[:checked]:text-red-100',
              disabled && 'pointer-events-none opacity-60',
            )}
          >
            <input
              type="radio"
              name={field.name}
              checked={field.value === choice.value}
              onChange={() => field.onChange(choice.value)}
              onBlur={field.onBlur}
              disabled={disabled}
              className="sr-only"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
