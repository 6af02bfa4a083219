import type { MedicalTermCategory, MedicalTermView } from '@medical-qr/contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import { Check, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { inputClasses } from '../../components/ui/form';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useSearchMedicalTermsQuery } from './medical-terms-api';

/** The list is searched from this many letters on: one letter matches too much of it to help. */
export const PICKER_MIN_LETTERS = 2;
/** How long typing pauses before the list is searched. */
export const PICKER_DEBOUNCE_MS = 150;
/** The most suggestions shown: enough to find an entry, few enough to read on a phone. */
export const PICKER_SUGGESTIONS = 8;

export interface TermPickerProps {
  category: MedicalTermCategory;
  /** The picker's visible label, which also names it for screen readers ("Add a listed allergen"). */
  label: string;
  placeholder: string;
  /** The field the picked entries go to, as its label names it ("Allergies"): said when one is added. */
  fieldLabel: string;
  /** Whether the field already names an entry: its suggestion says so, and picking it adds nothing. */
  isAdded: (display: string) => boolean;
  onPick: (term: MedicalTermView) => void;
  disabled?: boolean;
}

/** The search as asked: spacing and case aside, so "Peni " and "peni" are one search, asked once. */
const searchOf = (typed: string) => typed.trim().replace(/\s+/g, ' ').toLowerCase();

const suggestionsSaid = (count: number) => (count === 1 ? '1 suggestion' : `${count} suggestions`);

/**
 * A search box that suggests entries of the curated list as the owner types (the WAI-ARIA combobox pattern, a listbox
 * popup, no automatic selection): the arrow keys move through the suggestions, Enter or a click picks one, Escape
 * closes them (and, closed, clears the box), Tab leaves. Picking hands the entry on, empties the box and keeps the
 * focus in it, so several can be added in a row. A live region says how many suggestions there are.
 */
export function TermPicker({ category, label, placeholder, fieldLabel, isAdded, onPick, disabled }: TermPickerProps) {
  const id = useId();
  const ids = { input: `${id}-input`, label: `${id}-label`, listbox: `${id}-listbox`, note: `${id}-note` };
  const optionId = (index: number) => `${id}-option-${index}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [added, setAdded] = useState('');

  const search = searchOf(typed);
  const asked = useDebouncedValue(search, PICKER_DEBOUNCE_MS);
  const { data, currentData, isError } = useSearchMedicalTermsQuery(
    asked.length >= PICKER_MIN_LETTERS ? { search: asked, category, limit: PICKER_SUGGESTIONS } : skipToken,
  );
  const showing = open && search.length >= PICKER_MIN_LETTERS;
  // While the next search is asked, the last one's suggestions stay rather than the list blinking away.
  const terms = showing ? (data?.terms ?? []) : [];
  const expanded = terms.length > 0;
  const settled = showing && asked === search;
  const note = !settled
    ? null
    : isError
      ? 'The list cannot be searched now: write it in the box below.'
      : currentData?.terms.length === 0
        ? 'Not on the list: write it in the box below.'
        : null;
  const announced = added || (expanded ? suggestionsSaid(terms.length) : note ? 'No suggestions' : '');

  // The active suggestion stays in sight in a list taller than the popup.
  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [id, active]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const pick = (term: MedicalTermView) => {
    setAdded(
      isAdded(term.display)
        ? `${term.display} is already in ${fieldLabel}.`
        : `${term.display} added to ${fieldLabel}.`,
    );
    onPick(term);
    setTyped('');
    close();
    inputRef.current?.focus();
  };

  const move = (step: 1 | -1) => {
    if (!expanded) {
      // Closed with a search typed: the arrow opens the suggestions at the end it points to.
      if (search.length >= PICKER_MIN_LETTERS && data?.terms.length) {
        setOpen(true);
        setActive(step === 1 ? 0 : data.terms.length - 1);
      }
      return;
    }
    const count = terms.length;
    setActive((current) => (current < 0 ? (step === 1 ? 0 : count - 1) : (current + step + count) % count));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const chosen = expanded && active >= 0 ? terms[active] : undefined;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        move(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter':
        // Never sends the whole form from here: Enter picks, or does nothing while a search is typed.
        if (chosen) pick(chosen);
        if (chosen || typed.trim() !== '') event.preventDefault();
        break;
      case 'Escape':
        if (open && search.length >= PICKER_MIN_LETTERS) close();
        else setTyped('');
        if (typed !== '') event.preventDefault();
        break;
      case 'Tab':
        close();
        break;
    }
  };

  return (
    <div>
      <label id={ids.label} htmlFor={ids.input} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <div className="relative mt-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-slate-500 dark:text-slate-400"
          aria-hidden="true"
        />
        <input
          ref={inputRef}
          id={ids.input}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={ids.listbox}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-describedby={note ? ids.note : undefined}
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          placeholder={placeholder}
          value={typed}
          disabled={disabled}
          onChange={(event) => {
            setTyped(event.target.value);
            setOpen(true);
            setActive(-1);
            setAdded('');
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
          className={cn(inputClasses, 'pl-11')}
        />
        <ul
          id={ids.listbox}
          role="listbox"
          aria-labelledby={ids.label}
          hidden={!expanded}
          // The focus stays in the box: a click on a suggestion (or the list's scroll bar) does not leave it.
          onMouseDown={(event) => event.preventDefault()}
          className="absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-y-auto overscroll-contain rounded-xl border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-600 dark:bg-slate-800 dark:shadow-black/50"
        >
          {terms.map((term, index) => (
            <li
              key={term.code}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              onClick={() => pick(term)}
              className={cn(
                'mx-1 flex min-h-12 cursor-pointer items-center gap-3 rounded-lg px-2.5 py-2 text-base text-slate-900 dark:text-slate-50',
                index === active
                  ? 'bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900'
                  : 'hover:bg-slate-100 dark:hover:bg-slate-700',
              )}
            >
              <span className="min-w-0 flex-1 break-words">
                <MatchedText text={term.display} search={search} />
              </span>
              {isAdded(term.display) ? (
                <span
                  className={cn(
                    'flex shrink-0 items-center gap-1 text-sm',
                    index === active ? 'text-slate-200 dark:text-slate-700' : 'text-slate-600 dark:text-slate-300',
                  )}
                >
                  <Check className="size-4" aria-hidden="true" />
                  Added
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
      {note ? (
        <p id={ids.note} className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">
          {note}
        </p>
      ) : null}
      <p role="status" className="sr-only">
        {announced}
      </p>
    </div>
  );
}

/** The suggestion with the typed letters in bold where its name holds them (a synonym may be what matched). */
function MatchedText({ text, search }: { text: string; search: string }) {
  const at = text.toLowerCase().indexOf(search);
  if (search === '' || at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <strong className="font-bold">{text.slice(at, at + search.length)}</strong>
      {text.slice(at + search.length)}
    </>
  );
}
