import {
  BLOOD_GROUPS,
  GENDER_LABELS,
  GENDERS,
  type BloodGroup,
  type Gender,
  type MedicalForm,
} from '@medical-qr/contracts';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { EmailField, FieldError, SelectField, TextAreaField, TextField } from '../../components/ui/form-field';
import { InlineAlert } from '../../components/ui/inline-alert';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { EmergencyContactsFields } from './emergency-contacts-fields';
import {
  checkMedicalForm,
  FORM_ERROR,
  newContactDraft,
  type ContactDraft,
  type FieldErrors,
  type MedicalFormValues,
} from './medical-form-values';

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
}

const NONE_KNOWN_HINT = 'Write “None known” if you have none, so responders know it was not left out.';

/**
 * The medical form (SPEC section 2, "Home and login"): who you are, the medical facts a responder
 * needs, whom to call, and consent. Checked with the contract's schema before anything is sent;
 * every message shows under the field it names.
 */
export function MedicalInfoForm(props: MedicalInfoFormProps) {
  const { initialValues, maxContacts, submitLabel, pendingLabel, onSubmit, submitNote, emailHint } = props;
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();

  // After a failed check, take the person to the first field that needs attention.
  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const update = <K extends keyof MedicalFormValues>(field: K, value: MedicalFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => without(current, (key) => key === field || key === FORM_ERROR));
  };

  const updateContact = (index: number, patch: Partial<Omit<ContactDraft, 'key'>>) => {
    setValues((current) => ({
      ...current,
      emergencyContacts: current.emergencyContacts.map((contact, at) => {
        if (at === index) return { ...contact, ...patch };
        // Only one contact can be primary: choosing one releases the others.
        return patch.isPrimary ? { ...contact, isPrimary: false } : contact;
      }),
    }));
    const changed = Object.keys(patch).map((field) => `emergencyContacts.${index}.${field}`);
    setErrors((current) => without(current, (key) => changed.includes(key) || key === 'emergencyContacts'));
  };

  const addContact = () => {
    setValues((current) => ({
      ...current,
      emergencyContacts: [...current.emergencyContacts, newContactDraft(current.emergencyContacts.length === 0)],
    }));
  };

  const removeContact = (index: number) => {
    setValues((current) => ({
      ...current,
      emergencyContacts: current.emergencyContacts.filter((_, at) => at !== index),
    }));
    // Rows shift after a removal, so their messages no longer fit; the next check sets them again.
    setErrors((current) => without(current, (key) => key.startsWith('emergencyContacts')));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const check = checkMedicalForm(values, maxContacts);
    if (!check.ok) {
      setErrors(check.errors);
      setFocusRequest((count) => count + 1);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const rejected = await onSubmit(check.form);
      if (rejected && Object.keys(rejected).length > 0) {
        setErrors(rejected);
        setFocusRequest((count) => count + 1);
      }
    } finally {
      setPending(false);
    }
  };

  const formError = errors[FORM_ERROR];
  const hasFieldErrors = Object.keys(errors).some((key) => key !== FORM_ERROR);
  const consentErrorId = `${ids}-consent-error`;

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-busy={pending} className="flex flex-col gap-6">
      <Section title="About you" description="Shown on your card, so responders know who you are.">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            maxLength={100}
            value={values.firstName}
            onChange={(event) => update('firstName', event.target.value)}
            error={errors.firstName}
            disabled={pending}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            maxLength={100}
            value={values.lastName}
            onChange={(event) => update('lastName', event.target.value)}
            error={errors.lastName}
            disabled={pending}
          />
          <EmailField
            value={values.email}
            placeholder="you@example.com"
            maxLength={254}
            onChange={(event) => update('email', event.target.value)}
            error={errors.email}
            hint={emailHint}
            disabled={pending}
          />
          <TextField
            label="Phone number"
            labelExtra="(optional)"
            name="phoneNumber"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={25}
            value={values.phoneNumber}
            onChange={(event) => update('phoneNumber', event.target.value)}
            error={errors.phoneNumber}
            disabled={pending}
          />
        </div>
      </Section>

      <Section title="Medical details" description="What a responder needs to know in the first minutes.">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Blood group"
            value={values.bloodGroup}
            onChange={(event) => update('bloodGroup', event.target.value as BloodGroup | '')}
            error={errors.bloodGroup}
            disabled={pending}
          >
            <option value="" disabled>
              Choose your blood group
            </option>
            {BLOOD_GROUPS.map((group) => (
              <option key={group} value={group}>
                {group === 'Unknown' ? 'Unknown (not sure)' : group}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Gender"
            value={values.gender}
            onChange={(event) => update('gender', event.target.value as Gender)}
            error={errors.gender}
            disabled={pending}
          >
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {GENDER_LABELS[gender]}
              </option>
            ))}
          </SelectField>
          <TextAreaField
            label="Allergies"
            placeholder="e.g. Penicillin, peanuts, bee stings"
            hint={NONE_KNOWN_HINT}
            maxLength={2000}
            value={values.allergies}
            onChange={(event) => update('allergies', event.target.value)}
            error={errors.allergies}
            disabled={pending}
            containerClassName="sm:col-span-2"
          />
          <TextAreaField
            label="Medical conditions"
            placeholder="e.g. Type 1 diabetes (insulin), epilepsy, asthma; medicines you take daily"
            hint={NONE_KNOWN_HINT}
            maxLength={2000}
            value={values.medicalConditions}
            onChange={(event) => update('medicalConditions', event.target.value)}
            error={errors.medicalConditions}
            disabled={pending}
            containerClassName="sm:col-span-2"
          />
          <OrganDonorChoice
            value={values.organDonor}
            onChange={(value) => update('organDonor', value)}
            disabled={pending}
            name={`${ids}-organ-donor`}
          />
        </div>
      </Section>

      <Section title="Emergency contacts" description="Responders can call or text them straight from your card.">
        <EmergencyContactsFields
          contacts={values.emergencyContacts}
          maxContacts={maxContacts}
          errors={errors}
          onChange={updateContact}
          onAdd={addContact}
          onRemove={removeContact}
          disabled={pending}
        />
      </Section>

      <div>
        <label className="flex cursor-pointer items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-[15px] leading-relaxed text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
          <input
            type="checkbox"
            checked={values.hasGivenConsent}
            onChange={(event) => update('hasGivenConsent', event.target.checked)}
            aria-invalid={errors.hasGivenConsent ? true : undefined}
            aria-describedby={errors.hasGivenConsent ? consentErrorId : undefined}
            disabled={pending}
            className="mt-0.5 size-6 shrink-0 accent-red-600"
          />
          <span>
            I agree that Medical QR stores this information encrypted and shows it to anyone who scans my QR code.
          </span>
        </label>
        {errors.hasGivenConsent ? <FieldError id={consentErrorId}>{errors.hasGivenConsent}</FieldError> : null}
      </div>

      {formError ? <InlineAlert tone="error">{formError}</InlineAlert> : null}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-5">
        <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto">
          {pending ? <Spinner /> : null}
          {pending ? pendingLabel : submitLabel}
        </Button>
        {hasFieldErrors && !formError ? (
          <p className="text-[15px] font-semibold text-red-700 dark:text-red-400">
            Check the highlighted fields above.
          </p>
        ) : submitNote ? (
          <p className="text-[15px] text-slate-600 dark:text-slate-300">{submitNote}</p>
        ) : null}
      </div>
    </form>
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

/** Yes/No as two large segments (radio buttons underneath, so arrow keys work). */
function OrganDonorChoice({
  value,
  onChange,
  disabled,
  name,
}: {
  value: boolean;
  onChange: (value: boolean) => void;
  disabled?: boolean;
  name: string;
}) {
  const choices: Array<{ label: string; value: boolean }> = [
    { label: 'Yes', value: true },
    { label: 'No', value: false },
  ];
  return (
    <fieldset className="min-w-0 sm:col-span-2">
      <legend className="mb-1.5 text-[15px] font-semibold text-slate-800 dark:text-slate-100">Organ donor</legend>
      <div className="grid max-w-sm grid-cols-2 gap-2">
        {choices.map((choice) => (
          <label
            key={choice.label}
            className={cn(
              'flex min-h-12 cursor-pointer items-center justify-center rounded-xl border border-slate-300 bg-white px-4 text-base font-semibold text-slate-800 transition-colors',
              'hover:bg-slate-50 has-[:checked]:border-red-600 has-[:checked]:bg-red-50 has-[:checked]:text-red-800',
              'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-red-600',
              'dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:hover:bg-slate-900',
              'dark:has-[:checked]:border-red-400 dark:has-[:checked]:bg-red-950/60 dark:has-[:checked]:text-red-100',
              disabled && 'pointer-events-none opacity-60',
            )}
          >
            <input
              type="radio"
              name={name}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
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

function without(errors: FieldErrors, drop: (key: string) => boolean): FieldErrors {
  const keys = Object.keys(errors);
  if (!keys.some(drop)) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([key]) => !drop(key)));
}
