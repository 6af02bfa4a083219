import { ArrowDown, ClipboardList, HeartPulse, Phone, QrCode, ScanLine, ShieldCheck, Smartphone } from 'lucide-react';
import type { ComponentType } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';

const steps: Array<{ title: string; text: string; icon: ComponentType<{ className?: string }> }> = [
  {
    title: 'Fill in your medical info',
    text: 'Blood group, allergies, conditions, organ donor choice and who to call.',
    icon: ClipboardList,
  },
  {
    title: 'Get your QR code',
    text: 'Keep it on your lock screen, in your wallet or on a keychain.',
    icon: QrCode,
  },
  {
    title: 'Responders scan it',
    text: 'Any phone camera opens your emergency card. No app, no account.',
    icon: ScanLine,
  },
];

const assurances: Array<{ text: string; icon: ComponentType<{ className?: string }> }> = [
  { text: 'Free to start', icon: HeartPulse },
  { text: 'Works on any phone', icon: Smartphone },
  { text: 'Private and encrypted', icon: ShieldCheck },
];

/**
 * The landing page's opening: what the card is and why it helps; `onCreate` goes to the form, or
 * to the code this browser made (`hasCode`), which then is what the button offers.
 */
export function HomeHero({ onCreate, hasCode = false }: { onCreate: () => void; hasCode?: boolean }) {
  return (
    <section className="relative overflow-hidden border-b border-slate-200 bg-gradient-to-b from-red-50 via-white to-white dark:border-slate-800 dark:from-red-950/30 dark:via-slate-950 dark:to-slate-950">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-5 pt-10 pb-12 sm:px-6 md:grid-cols-[1.15fr_1fr] md:gap-12 md:pt-16 md:pb-20">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-red-200 bg-white px-3 py-1.5 text-sm font-semibold text-red-700 dark:border-red-900 dark:bg-red-950/60 dark:text-red-300">
            <HeartPulse className="size-4" aria-hidden="true" />
            Emergency medical ID
          </p>
          <h1 className="mt-5 text-[2.15rem] leading-[1.1] font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl dark:text-white">
            Your Digital Medical <span className="text-red-600 dark:text-red-400">Emergency Card</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-700 dark:text-slate-300">
            When you can’t speak for yourself, your QR code can. A first responder scans it and sees your blood group,
            allergies, conditions and who to call, in seconds.
          </p>
          <ul className="mt-6 flex flex-wrap gap-x-5 gap-y-2.5">
            {assurances.map(({ text, icon: Icon }) => (
              <li
                key={text}
                className="flex items-center gap-2 text-[15px] font-medium text-slate-700 dark:text-slate-300"
              >
                <Icon className="size-5 text-red-600 dark:text-red-400" aria-hidden="true" />
                {text}
              </li>
            ))}
          </ul>
          <Button size="lg" onClick={onCreate} className="mt-8 w-full sm:w-auto">
            {hasCode ? 'Show my QR code' : 'Create my free QR code'}
            <ArrowDown className="size-5" aria-hidden="true" />
          </Button>
        </div>
        <SampleCard className="hidden md:block" />
      </div>
    </section>
  );
}

export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works" className="mx-auto max-w-6xl px-5 py-12 sm:px-6 md:py-16">
      <h2 id="how-it-works" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        How it works
      </h2>
      <p className="mt-2 text-base text-slate-600 dark:text-slate-400">
        Three steps, a few minutes, ready before you need it.
      </p>
      <ol className="mt-8 grid gap-4 md:grid-cols-3 md:gap-6">
        {steps.map(({ title, text, icon: Icon }, index) => (
          <li
            key={title}
            className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:flex-col md:p-6 dark:border-slate-800 dark:bg-slate-900"
          >
            <div className="flex shrink-0 items-start gap-3">
              <span className="flex size-12 items-center justify-center rounded-xl bg-red-600 text-white shadow-sm shadow-red-600/30">
                <Icon className="size-6" aria-hidden="true" />
              </span>
            </div>
            <div>
              <p className="text-sm font-bold tracking-wide text-red-700 uppercase dark:text-red-400">
                Step {index + 1}
              </p>
              <h3 className="mt-0.5 text-lg font-bold text-slate-900 dark:text-white">{title}</h3>
              <p className="mt-1 text-base leading-relaxed text-slate-600 dark:text-slate-300">{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** An illustration of the card a responder sees after scanning; clearly marked as an example. */
export function SampleCard({ className }: { className?: string }) {
  const rows: Array<[string, string]> = [
    ['Allergies', 'Penicillin, peanuts'],
    ['Conditions', 'Type 1 diabetes'],
    ['Organ donor', 'Yes'],
  ];
  return (
    <figure className={cn('mx-auto w-full max-w-sm md:max-w-md', className)} aria-label="Example of an emergency card">
      <div className="overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-2xl shadow-slate-900/10 dark:border-slate-700 dark:bg-slate-900 dark:shadow-black/50">
        <div className="flex items-center justify-between gap-3 bg-red-600 px-5 py-4 text-white">
          <div>
            <p className="text-xs font-bold tracking-[0.12em] uppercase">Emergency medical info</p>
            <p className="mt-0.5 text-xl font-bold">Alex Morgan</p>
          </div>
          <span className="rounded-lg bg-white/15 p-2">
            <QrCode className="size-8" aria-hidden="true" />
          </span>
        </div>
        <div className="p-5">
          <div className="flex items-center gap-4 rounded-2xl bg-red-50 p-4 dark:bg-red-950/50">
            <span className="flex size-14 items-center justify-center rounded-xl bg-white text-2xl font-extrabold text-red-700 shadow-sm dark:bg-slate-900 dark:text-red-300">
              O+
            </span>
            <div>
              <p className="text-sm font-semibold text-slate-600 dark:text-slate-300">Blood group</p>
              <p className="text-base font-bold text-slate-900 dark:text-white">O positive</p>
            </div>
          </div>
          <dl className="mt-4 divide-y divide-slate-100 dark:divide-slate-800">
            {rows.map(([term, value]) => (
              <div key={term} className="flex justify-between gap-4 py-2.5">
                <dt className="text-[15px] text-slate-600 dark:text-slate-400">{term}</dt>
                <dd className="text-right text-[15px] font-semibold text-slate-900 dark:text-slate-100">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-3 flex items-center justify-between gap-3 rounded-2xl border border-slate-200 p-3 pl-4 dark:border-slate-700">
            <div>
              <p className="text-[15px] font-semibold text-slate-900 dark:text-white">Sam Morgan</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">Partner · Primary contact</p>
            </div>
            <span className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-emerald-700 px-4 font-semibold text-white">
              <Phone className="size-4" aria-hidden="true" />
              Call
            </span>
          </div>
        </div>
      </div>
      <figcaption className="mt-3 text-center text-sm text-slate-500 dark:text-slate-400">
        Example: what a responder sees after scanning
      </figcaption>
    </figure>
  );
}
