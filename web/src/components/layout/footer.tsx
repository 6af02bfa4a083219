import { Phone } from 'lucide-react';

/** Always-visible reminder that the app does not replace emergency services. */
export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6 dark:text-slate-400">
        <p className="flex items-start gap-2 font-medium text-slate-700 dark:text-slate-300">
          <Phone className="mt-0.5 size-4 shrink-0 text-red-600 dark:text-red-400" aria-hidden="true" />
          In a medical emergency, call 911 or your local emergency number first.
        </p>
        <p>© {new Date().getFullYear()} Medical QR</p>
      </div>
    </footer>
  );
}
