import type { LocalizedCardTexts } from '@medical-qr/contracts';
import { Printer } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { Fact } from '../../components/ui/fact';
import { panel } from '../../components/ui/panel';
import { cn } from '../../lib/cn';
import type { AllergySeverityShown, IpsSummary, SummaryEntry, SummarySection } from './ips-summary';

const GENDER_KEYS = {
  male: 'genderMale',
  female: 'genderFemale',
  other: 'genderOther',
} as const;

const SEVERITY = {
  anaphylaxis: {
    key: 'severityAnaphylaxis',
    className: 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100',
  },
  severe: { key: 'severitySevere', className: 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100' },
  intolerance: {
    key: 'severityIntolerance',
    className: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  },
} as const satisfies Record<AllergySeverityShown, { key: string; className: string }>;

/** A day (YYYY-MM-DD) or a moment (ISO) in the reader's language, written in full. */
function longDay(texts: LocalizedCardTexts, value: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : texts.longDate(date);
}

/**
 * The opened summary: who it is about, then each section of the IPS with its entries, in the reader's language for
 * what the card names itself (the owner's own words stay as written). The heading takes focus when it appears, and a
 * print gives the summary alone, black on white.
 */
export function SummaryView({
  summary,
  lastUpdated,
  texts,
}: {
  summary: IpsSummary;
  lastUpdated?: string;
  texts: LocalizedCardTexts;
}) {
  const { t } = texts;
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { patient } = summary;
  const gender = patient.gender
    ? patient.gender in GENDER_KEYS
      ? t(GENDER_KEYS[patient.gender as keyof typeof GENDER_KEYS])
      : t('notStated')
    : undefined;
  return (
    <article aria-labelledby={headingId} data-print-alone="">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="text-sm font-bold tracking-[0.12em] text-red-700 uppercase dark:text-red-400">{t('shlTitle')}</p>
        <Button
          variant="secondary"
          data-print-hidden=""
          icon={<Printer className="size-5" aria-hidden="true" />}
          onClick={() => window.print()}
        >
          {t('print')}
        </Button>
      </div>
      <h1
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="mt-1 text-3xl font-extrabold tracking-tight [overflow-wrap:anywhere] text-slate-900 outline-none sm:text-4xl dark:text-white"
      >
        {patient.name || t('shlTitle')}
      </h1>
      {patient.birthDate || gender ? (
        <dl className="mt-4 flex flex-wrap gap-x-10 gap-y-3">
          {patient.birthDate ? <Fact label={t('shlBirthDate')}>{longDay(texts, patient.birthDate)}</Fact> : null}
          {gender ? <Fact label={t('gender')}>{gender}</Fact> : null}
        </dl>
      ) : null}
      {lastUpdated ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          {t('shlUpdated', { date: longDay(texts, lastUpdated) })}
        </p>
      ) : null}
      <div className="mt-6 grid gap-4 md:grid-cols-2 print:block print:space-y-3">
        {summary.sections.map((section, index) => (
          <SectionView key={`${section.title}-${index}`} section={section} texts={texts} />
        ))}
      </div>
    </article>
  );
}

function SectionView({ section, texts }: { section: SummarySection; texts: LocalizedCardTexts }) {
  const headingId = useId();
  const title = section.textKey ? texts.t(section.textKey) : section.title;
  return (
    <section aria-labelledby={headingId} className={panel('sm:p-5 print:break-inside-avoid')}>
      <h2 id={headingId} className="text-lg font-bold text-slate-900 dark:text-white">
        {title}
      </h2>
      {section.entries.length ? (
        <ul className="mt-2 flex flex-col gap-1.5">
          {section.entries.map((entry, index) => (
            <EntryView key={index} entry={entry} texts={texts} />
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-base text-slate-600 dark:text-slate-400">{texts.t('noneRecorded')}</p>
      )}
    </section>
  );
}

function EntryView({ entry, texts }: { entry: SummaryEntry; texts: LocalizedCardTexts }) {
  if ('absent' in entry) {
    return (
      <li className="text-base text-slate-600 dark:text-slate-400">
        {texts.t(entry.absent === 'none-known' ? 'shlNoneKnown' : 'notStated')}
      </li>
    );
  }
  const severity = entry.severity ? SEVERITY[entry.severity] : undefined;
  return (
    <li className="flex flex-wrap items-center gap-x-2 gap-y-1 text-base font-semibold text-slate-900 dark:text-white">
      <span className="min-w-0 [overflow-wrap:anywhere]">{entry.text}</span>
      {severity ? (
        <span className={cn('rounded-full px-2.5 py-0.5 text-sm font-bold', severity.className)}>
          {texts.t(severity.key)}
        </span>
      ) : null}
    </li>
  );
}
