import {
  HEALTH_LINK_LABEL_MAX,
  HEALTH_LINK_PASSCODE_MAX,
  HEALTH_LINK_PASSCODE_MIN,
  type CreatedHealthLink,
} from '@medical-qr/contracts';
import { Link2 } from 'lucide-react';
import { useEffect } from 'react';
import { useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import {
  fieldErrorsFromIssues,
  Form,
  FORM_ERROR,
  FormAlert,
  Input,
  PasswordInput,
  Select,
  SubmitButton,
  useAppForm,
  type FormFailure,
} from '../../components/ui/form';
import { isApiError } from '../../lib/base-query';
import { cn } from '../../lib/cn';
import { DEFAULT_EXPIRY, EXPIRY_CHOICE_IDS, EXPIRY_CHOICES, expiresAtFor } from './expiry-choices';
import { useCreateHealthLinkMutation } from './health-links-api';

const passcodeLength = `Use ${HEALTH_LINK_PASSCODE_MIN} to ${HEALTH_LINK_PASSCODE_MAX} characters, or leave it empty`;

/** What the owner fills in; the server checks the same limits (createHealthLinkBodySchema). */
const healthLinkFormSchema = z.object({
  label: z
    .string()
    .trim()
    .min(1, 'Give the link a name, such as St Mary’s A&E')
    .max(HEALTH_LINK_LABEL_MAX, `Use at most ${HEALTH_LINK_LABEL_MAX} characters`),
  expiry: z.enum(EXPIRY_CHOICE_IDS),
  passcode: z
    .string()
    .refine(
      (passcode) =>
        passcode === '' || (passcode.length >= HEALTH_LINK_PASSCODE_MIN && passcode.length <= HEALTH_LINK_PASSCODE_MAX),
      passcodeLength,
    ),
  longTerm: z.boolean(),
  // Optional: a disabled checkbox (a passcode is set) gives no value.
  directFile: z.boolean().optional(),
});
type HealthLinkFormValues = z.output<typeof healthLinkFormSchema>;

/** The form's fields, and where a refusal's issue about the body lands among them (its expiry is a choice here). */
const FIELDS = new Set(['label', 'expiry', 'passcode', 'longTerm', 'directFile']);
const fieldOf = (path: string) => (path === 'expiresAt' ? 'expiry' : path);

/** What a refused creation shows: each issue under its field, anything else (no record, too many links) once. */
function describeRefusal(error: unknown): FormFailure {
  if (!isApiError(error)) return { errors: { [FORM_ERROR]: 'Please try again in a moment.' } };
  const issues = error.issues?.map((issue) => ({ ...issue, path: fieldOf(issue.path) }));
  return { errors: fieldErrorsFromIssues({ issues, message: error.message }, FIELDS) };
}

/**
 * Makes a health link: its name (for the owner's list, and shown to whoever opens it), how long it works, an optional
 * passcode, whether it follows the record as it changes, and (advanced) a direct file for readers that cannot ask for a
 * passcode. `onCreated` gets the link, whose key is shown this once.
 */
export function CreateHealthLinkForm({ onCreated }: { onCreated: (link: CreatedHealthLink, label: string) => void }) {
  const [createLink] = useCreateHealthLinkMutation();
  const form = useAppForm(healthLinkFormSchema, {
    label: '',
    expiry: DEFAULT_EXPIRY,
    passcode: '',
    longTerm: false,
    directFile: false,
  });
  const hasPasscode = useWatch({ control: form.control, name: 'passcode' }) !== '';
  // A direct file cannot have a passcode: typing one takes the choice back.
  useEffect(() => {
    if (hasPasscode) form.setValue('directFile', false);
  }, [hasPasscode, form]);

  const submit = async (values: HealthLinkFormValues) => {
    const link = await createLink({
      label: values.label,
      expiresAt: expiresAtFor(values.expiry),
      ...(values.passcode ? { passcode: values.passcode } : {}),
      longTerm: values.longTerm,
      directFile: values.directFile === true && !values.passcode,
    }).unwrap();
    onCreated(link, values.label);
  };

  return (
    <Form form={form} onSubmit={submit} onFailure={describeRefusal} className="mt-4 flex flex-col gap-4">
      <Input
        label="Name of the link"
        labelExtra="(the reader sees it)"
        limit={HEALTH_LINK_LABEL_MAX}
        autoComplete="off"
        placeholder="St Mary’s A&E"
        registration={form.register('label')}
      />
      {/* Side by side even on a phone, so making a link stays on the first screen. */}
      <div className="grid grid-cols-2 gap-3 sm:gap-5">
        <Select label="Works for" registration={form.register('expiry')}>
          {EXPIRY_CHOICES.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </Select>
        <PasswordInput
          label="Passcode"
          labelExtra="(optional)"
          autoComplete="new-password"
          toggleLabels={['Show passcode', 'Hide passcode']}
          registration={form.register('passcode')}
        />
      </div>
      <p className="-mt-2 text-sm text-slate-600 dark:text-slate-400">
        Give the passcode to the hospital separately, not with the link.
      </p>
      <Checkbox
        registration={form.register('longTerm')}
        label="Stays up to date as I change my record"
        note="Otherwise: your record as it is now."
      />
      <details className="rounded-xl border border-slate-200 px-4 py-2.5 dark:border-slate-700">
        <summary className="cursor-pointer text-[15px] font-semibold text-slate-800 dark:text-slate-100">
          Advanced
        </summary>
        <Checkbox
          className="mt-3 mb-1"
          registration={form.register('directFile')}
          disabled={hasPasscode}
          label="Single file, no passcode"
          note={
            hasPasscode
              ? 'Not with a passcode: clear the passcode to choose this.'
              : 'For readers that cannot ask for a passcode or a name: the link is the summary itself.'
          }
        />
      </details>
      <FormAlert />
      <SubmitButton pendingLabel="Making the link…" className="w-full sm:w-auto sm:self-start">
        <Link2 className="size-5" aria-hidden="true" />
        Make a health link
      </SubmitButton>
    </Form>
  );
}

function Checkbox({
  registration,
  label,
  note,
  disabled = false,
  className,
}: {
  registration: UseFormRegisterReturn;
  label: string;
  note: string;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <label
      className={cn(
        'flex items-start gap-3 text-base text-slate-800 dark:text-slate-200',
        disabled && 'opacity-70',
        className,
      )}
    >
      <input type="checkbox" {...registration} disabled={disabled} className="mt-1 size-5 shrink-0 accent-red-600" />
      <span>
        <span className="font-semibold">{label}</span>
        <span className="block text-sm text-slate-600 dark:text-slate-400">{note}</span>
      </span>
    </label>
  );
}
