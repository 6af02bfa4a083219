import { MAX_CONTACTS_FREE, MAX_CONTACTS_PREMIUM } from '@medical-qr/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../components/ui/button';
import { FieldError, TextField } from '../../components/ui/form-field';
import type { ContactDraft, FieldErrors } from './medical-form-values';

export interface EmergencyContactsFieldsProps {
  contacts: ContactDraft[];
  maxContacts: number;
  errors: FieldErrors;
  onChange: (index: number, patch: Partial<Omit<ContactDraft, 'key'>>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
  disabled?: boolean;
}

/** The people a responder can call: name, phone, relationship, one of them primary. */
export function EmergencyContactsFields(props: EmergencyContactsFieldsProps) {
  const { contacts, maxContacts, errors, onChange, onAdd, onRemove, disabled } = props;
  const listErrorId = useId();
  const atLimit = contacts.length >= maxContacts;
  const listError = errors.emergencyContacts;

  return (
    <div aria-describedby={listError ? listErrorId : undefined}>
      {contacts.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 px-4 py-5 text-center text-[15px] text-slate-600 dark:border-slate-600 dark:text-slate-300">
          No emergency contacts yet. Add someone responders can call.
        </p>
      ) : (
        <ul className="flex flex-col gap-4">
          {contacts.map((contact, index) => (
            <li key={contact.key}>
              <ContactFields
                contact={contact}
                number={index + 1}
                errors={errors}
                errorPrefix={`emergencyContacts.${index}`}
                onChange={(patch) => onChange(index, patch)}
                onRemove={() => onRemove(index)}
                disabled={disabled}
              />
            </li>
          ))}
        </ul>
      )}

      {listError ? <FieldError id={listErrorId}>{listError}</FieldError> : null}

      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <Button variant="secondary" onClick={onAdd} disabled={disabled || atLimit} className="w-full sm:w-auto">
          <Plus className="size-5" aria-hidden="true" />
          Add emergency contact
        </Button>
        {maxContacts <= MAX_CONTACTS_FREE ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Free plans keep one emergency contact. Premium allows up to {MAX_CONTACTS_PREMIUM}.
          </p>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">Up to {maxContacts} contacts.</p>
        )}
      </div>
    </div>
  );
}

function ContactFields({
  contact,
  number,
  errors,
  errorPrefix,
  onChange,
  onRemove,
  disabled,
}: {
  contact: ContactDraft;
  number: number;
  errors: FieldErrors;
  errorPrefix: string;
  onChange: (patch: Partial<Omit<ContactDraft, 'key'>>) => void;
  onRemove: () => void;
  disabled?: boolean;
}) {
  const error = (field: string) => errors[`${errorPrefix}.${field}`];
  return (
    <fieldset className="relative min-w-0 rounded-2xl border border-slate-200 bg-slate-50/60 p-4 dark:border-slate-700 dark:bg-slate-800/40">
      <legend className="float-left flex min-h-11 w-full items-center pr-28 text-base font-bold text-slate-900 dark:text-white">
        Contact {number}
      </legend>
      <Button
        variant="destructive"
        onClick={onRemove}
        disabled={disabled}
        aria-label={`Remove contact ${number}`}
        className="absolute top-4 right-2 px-3"
      >
        <Trash2 className="size-5" aria-hidden="true" />
        <span aria-hidden="true">Remove</span>
      </Button>
      <div className="clear-left grid gap-4 pt-3 sm:grid-cols-2">
        <TextField
          label="Name"
          autoComplete="off"
          maxLength={100}
          value={contact.name}
          onChange={(event) => onChange({ name: event.target.value })}
          error={error('name')}
          disabled={disabled}
        />
        <TextField
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          maxLength={25}
          placeholder="+1 555 010 0100"
          value={contact.phone}
          onChange={(event) => onChange({ phone: event.target.value })}
          error={error('phone')}
          disabled={disabled}
        />
        <TextField
          label="Relationship"
          labelExtra="(optional)"
          autoComplete="off"
          maxLength={50}
          placeholder="e.g. Partner, mother, friend"
          value={contact.relationship}
          onChange={(event) => onChange({ relationship: event.target.value })}
          error={error('relationship')}
          disabled={disabled}
          containerClassName="sm:col-span-2"
        />
      </div>
      <label className="mt-3 flex min-h-11 cursor-pointer items-center gap-3 text-[15px] font-semibold text-slate-800 dark:text-slate-100">
        <input
          type="checkbox"
          checked={contact.isPrimary}
          onChange={(event) => onChange({ isPrimary: event.target.checked })}
          disabled={disabled}
          className="size-6 shrink-0 accent-red-600"
        />
        Primary contact
        <span className="font-normal text-slate-600 dark:text-slate-400">(called first)</span>
      </label>
    </fieldset>
  );
}
