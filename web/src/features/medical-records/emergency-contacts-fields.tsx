import { MAX_CONTACTS_FREE, MAX_CONTACTS_PREMIUM } from '@medical-qr/contracts';
import { MessageSquareText, Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { FieldWrapper, Input, useFormLayout } from '../../components/ui/form';
import { newContactDraft, type MedicalFormValues } from './medical-form-values';
import { useMedicalFields } from './use-medical-fields';

/** The people a responder can call: name, phone, relationship, one of them primary. */
export function EmergencyContactsFields({ maxContacts }: { maxContacts: number }) {
  const { fields, append, remove } = useFieldArray<MedicalFormValues, 'emergencyContacts'>({
    name: 'emergencyContacts',
  });
  const { sending } = useFormLayout();

  return (
    <div>
      <p className="mb-4 flex items-start gap-2 text-sm text-slate-600 dark:text-slate-400">
        <MessageSquareText className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          If someone uses “Tell their family” on your card, these contacts get a text. Write numbers with their country
          code (+44 …).
        </span>
      </p>
      {/* The list's own message (e.g. too many contacts) shows under it. */}
      <FieldWrapper name="emergencyContacts">
        {({ 'aria-describedby': describedBy }) =>
          fields.length === 0 ? (
            <p
              aria-describedby={describedBy}
              className="rounded-xl border border-dashed border-slate-300 px-4 py-5 text-center text-[15px] text-slate-600 dark:border-slate-600 dark:text-slate-300"
            >
              No emergency contacts yet. Add someone responders can call.
            </p>
          ) : (
            <ul aria-describedby={describedBy} className="flex flex-col gap-4">
              {fields.map((contact, index) => (
                <li key={contact.id}>
                  <ContactFields index={index} onRemove={() => remove(index)} />
                </li>
              ))}
            </ul>
          )
        }
      </FieldWrapper>

      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <Button
          variant="secondary"
          onClick={() => append(newContactDraft(fields.length === 0))}
          disabled={sending || fields.length >= maxContacts}
          className="w-full whitespace-nowrap sm:w-auto sm:shrink-0"
        >
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

function ContactFields({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { getValues, setValue } = useFormContext<MedicalFormValues>();
  const { register, disabled, fieldProps } = useMedicalFields();
  const number = index + 1;
  const path = `emergencyContacts.${index}` as const;
  // Only one contact can be primary: choosing one releases the others.
  const releaseOthers = (event: { target: { checked: boolean } }) => {
    if (!event.target.checked) return;
    getValues('emergencyContacts').forEach((_, at) => {
      if (at !== index) setValue(`emergencyContacts.${at}.isPrimary`, false);
    });
  };

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
        <Input label="Name" autoComplete="off" limit={100} {...fieldProps(`${path}.name`)} />
        <Input
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          limit={25}
          placeholder="+1 555 010 0100"
          {...fieldProps(`${path}.phone`)}
        />
        <Input
          label="Relationship"
          labelExtra="(optional)"
          autoComplete="off"
          limit={50}
          placeholder="e.g. Partner, mother, friend"
          {...fieldProps(`${path}.relationship`)}
          containerClassName="sm:col-span-2"
        />
      </div>
      <label className="mt-3 flex min-h-11 cursor-pointer items-center gap-3 text-[15px] font-semibold text-slate-800 dark:text-slate-100">
        <input
          type="checkbox"
          {...register(`${path}.isPrimary`, { onChange: releaseOthers })}
          disabled={disabled}
          className="size-6 shrink-0 accent-red-600"
        />
        Primary contact
        <span className="font-normal text-slate-600 dark:text-slate-400">(called first)</span>
      </label>
    </fieldset>
  );
}
