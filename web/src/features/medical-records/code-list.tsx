import { PREMIUM_MAX_ACTIVE_RECORDS, RecordsMessages, type RecordSummary } from '@medical-qr/contracts';
import { Check, Pencil, Plus, ShoppingBag } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button, buttonClasses } from '../../components/ui/button';
import { FORM_ERROR } from '../../components/ui/form';
import { notify } from '../../components/ui/notifications';
import { isApiError } from '../../lib/base-query';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format-date';
import { useAppDispatch } from '../../lib/hooks';
import { CodeLabelDialog } from './code-label-dialog';
import { codeName } from './code-names';
import { CREATE_QR_SECTION_ID } from './create-qr-section';
import { useSetCodeLabelMutation } from './records-api';

/**
 * Premium's active codes, newest first, each with its name: choosing one shows it beside the form that edits it.
 * "Add another code" asks the new code's name, then the form below makes it. The first code still active is the one
 * items from the shop open (printed tags follow the owner's first active code), and the list says so.
 */
export function CodeList({
  codes,
  chosenId,
  newCodeLabel,
  canAdd,
  onChoose,
  onAdd,
  onCancelAdd,
}: {
  codes: RecordSummary[];
  /** Null while a new code is being filled in. */
  chosenId: string | null;
  newCodeLabel: string | null;
  canAdd: boolean;
  onChoose: (id: string) => void;
  onAdd: (label: string) => void;
  onCancelAdd: () => void;
}) {
  const titleId = useId();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<RecordSummary | null>(null);
  const started = useRef(false);
  const addButton = useRef<HTMLButtonElement>(null);

  return (
    <section aria-labelledby={titleId} className="mb-8">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id={titleId} className="text-xl font-bold text-slate-900 dark:text-white">
            Your codes
          </h2>
          <p className="mt-1 text-[15px] text-slate-600 dark:text-slate-300">
            {codes.length} of {PREMIUM_MAX_ACTIVE_RECORDS} active codes, each with its own details. Choose one to see
            and edit it.
          </p>
        </div>
        {canAdd ? (
          <button
            ref={addButton}
            type="button"
            onClick={() => setAdding(true)}
            className={buttonClasses({ variant: 'secondary', className: 'w-full shrink-0 sm:w-auto' })}
          >
            <Plus className="size-5" aria-hidden="true" />
            Add another code
          </button>
        ) : (
          <p className="text-sm text-slate-600 sm:max-w-64 sm:text-right dark:text-slate-400">
            {RecordsMessages.premiumActiveLimit}
          </p>
        )}
      </div>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {codes.map((code, index) => (
          <CodeItem
            key={code.id}
            code={code}
            chosen={code.id === chosenId}
            // The list is newest first; printed items open the first code still active (the records service's rule).
            opensShopItems={index === codes.length - 1}
            onChoose={() => onChoose(code.id)}
            onRename={() => setRenaming(code)}
          />
        ))}
        {newCodeLabel !== null ? (
          <NewCodeItem
            label={newCodeLabel}
            onCancel={() => {
              onCancelAdd();
              // The Cancel button goes with the new code: focus back where adding began.
              addButton.current?.focus();
            }}
          />
        ) : null}
      </ul>
      <p className="mt-3 flex items-start gap-2 text-sm text-slate-600 dark:text-slate-400">
        <ShoppingBag className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        Items from our shop open your first code (marked). Downloads and wallet cards open the code they were made from.
      </p>
      <CodeLabelDialog
        open={adding}
        onOpenChange={setAdding}
        title="Add another code"
        description="Each code has its own details: one for a child, another for a bag tag. Name it, then fill in its form."
        submitLabel="Continue"
        pendingLabel="Continuing…"
        onSubmit={(label) => {
          started.current = true;
          onAdd(label);
          setAdding(false);
        }}
        onCloseAutoFocus={(event) => {
          if (!started.current) return;
          // Straight to the new code's form: its first field.
          started.current = false;
          event.preventDefault();
          const section = document.getElementById(CREATE_QR_SECTION_ID);
          section?.scrollIntoView({ block: 'start' });
          section?.querySelector<HTMLElement>('input')?.focus({ preventScroll: true });
        }}
      />
      <RenameCodeDialog code={renaming} onClose={() => setRenaming(null)} />
    </section>
  );
}

function CodeItem({
  code,
  chosen,
  opensShopItems,
  onChoose,
  onRename,
}: {
  code: RecordSummary;
  chosen: boolean;
  opensShopItems: boolean;
  onChoose: () => void;
  onRename: () => void;
}) {
  return (
    <li
      className={cn(
        'flex items-stretch rounded-2xl border bg-white dark:bg-slate-900',
        chosen
          ? 'border-red-600 ring-2 ring-red-600/20 dark:border-red-400 dark:ring-red-400/25'
          : 'border-slate-200 dark:border-slate-700',
      )}
    >
      <button
        type="button"
        aria-pressed={chosen}
        onClick={onChoose}
        className="min-h-11 min-w-0 flex-1 rounded-2xl px-4 py-3 text-left focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-red-600 dark:focus-visible:outline-red-400"
      >
        <span className="flex items-center gap-2 font-bold break-words text-slate-900 dark:text-white">
          {chosen ? <Check className="size-5 shrink-0 text-red-700 dark:text-red-400" aria-hidden="true" /> : null}
          {codeName(code)}
        </span>
        <span className="mt-0.5 block text-sm text-slate-600 dark:text-slate-400">
          Created {formatDate(code.createdAt)} · {code.token.slice(0, 8)}
        </span>
        {opensShopItems ? (
          <span className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            <ShoppingBag className="size-3.5" aria-hidden="true" />
            Shop items open this code
          </span>
        ) : null}
      </button>
      {chosen ? (
        <Button variant="ghost" size="icon" onClick={onRename} aria-label={`Rename ${codeName(code)}`} className="m-1">
          <Pencil className="size-5" aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}

/** The code being added, chosen until it is made or given up. */
function NewCodeItem({ label, onCancel }: { label: string; onCancel: () => void }) {
  return (
    <li className="flex items-center justify-between gap-2 rounded-2xl border-2 border-dashed border-red-600 bg-white px-4 py-3 dark:border-red-400 dark:bg-slate-900">
      <span className="min-w-0">
        <span className="block font-bold break-words text-slate-900 dark:text-white">{label}</span>
        <span className="block text-sm text-slate-600 dark:text-slate-400">New code: fill in the form below</span>
      </span>
      <Button variant="ghost" onClick={onCancel} className="shrink-0">
        Cancel
      </Button>
    </li>
  );
}

function RenameCodeDialog({ code, onClose }: { code: RecordSummary | null; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [setLabel] = useSetCodeLabelMutation();
  return (
    <CodeLabelDialog
      open={code !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Rename this code"
      description="The name tells your codes apart. The code itself and everything printed from it stay the same."
      submitLabel="Save name"
      pendingLabel="Saving…"
      initialLabel={code?.label ?? ''}
      onSubmit={async (label) => {
        if (!code) return;
        try {
          await setLabel({ id: code.id, label }).unwrap();
          dispatch(notify({ type: 'success', title: 'Name saved', description: `This code is now called ${label}.` }));
          onClose();
        } catch (failure) {
          const message = isApiError(failure) ? failure.message : '';
          return { errors: { [FORM_ERROR]: message || 'The name was not saved. Please try again.' } };
        }
      }}
    />
  );
}
