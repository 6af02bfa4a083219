import type { CreatedHealthLink } from '@medical-qr/contracts';
import { Check, Copy, Download, Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button, buttonClasses } from '../../components/ui/button';
import { InlineAlert } from '../../components/ui/inline-alert';

type CopyState = 'idle' | 'copied' | 'failed';
const COPIED_FOR_MS = 3000;

/** A file name for the QR's PNG, from the link's name: "health-link-st-marys-a-e.png". */
export function qrFileName(label: string): string {
  const slug = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return slug ? `health-link-${slug}.png` : 'health-link.png';
}

/**
 * The link just made: its QR and its address, with Copy and Download. They are shown this once, since the key is in
 * them and the server does not keep it; the heading takes focus, so a screen reader hears that it is ready.
 */
export function CreatedHealthLinkCard({
  link,
  label,
  onDone,
}: {
  link: CreatedHealthLink;
  label: string;
  onDone: () => void;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = window.setTimeout(() => setCopy('idle'), COPIED_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [copy]);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(link.viewerUrl);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className="mt-5 rounded-2xl border border-emerald-200 bg-emerald-50/60 p-4 sm:p-5 dark:border-emerald-900/70 dark:bg-emerald-950/30"
    >
      <h3
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="text-lg font-bold text-slate-900 [overflow-wrap:anywhere] outline-none dark:text-white"
      >
        Your link “{label}” is ready
      </h3>
      <InlineAlert tone="info" className="mt-3">
        Shown only now: we do not keep its key. Save or share it before you leave.
      </InlineAlert>
      <div className="mt-4 flex items-start gap-4">
        <img
          src={link.qrCode}
          alt={`QR code of the health link “${label}”`}
          width={200}
          height={200}
          className="size-32 shrink-0 rounded-xl border border-slate-200 bg-white p-1.5 sm:size-50 sm:p-2 dark:border-slate-700"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button
              variant="secondary"
              className="px-3 whitespace-nowrap sm:px-4"
              onClick={() => void copyLink()}
              icon={
                copy === 'copied' ? (
                  <Check className="size-5 shrink-0" aria-hidden="true" />
                ) : (
                  <Copy className="size-5 shrink-0" aria-hidden="true" />
                )
              }
            >
              {copy === 'copied' ? 'Copied' : 'Copy link'}
            </Button>
            <a
              href={link.qrCode}
              download={qrFileName(label)}
              className={buttonClasses({ variant: 'secondary', className: 'px-3 whitespace-nowrap sm:px-4' })}
            >
              <Download className="size-5 shrink-0" aria-hidden="true" />
              <span>
                Download<span className="max-sm:sr-only"> QR code</span>
              </span>
            </a>
          </div>
          <p role="status" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            {copy === 'copied'
              ? 'Copied: the link is on your clipboard.'
              : copy === 'failed'
                ? 'This browser did not let us copy. Select the link below and copy it yourself.'
                : ''}
          </p>
        </div>
      </div>
      <p className="mt-4 text-sm font-semibold text-slate-600 dark:text-slate-400">The link</p>
      <p
        data-testid="health-link-url"
        className="mt-1 rounded-xl border border-slate-200 bg-white px-3 py-2 font-mono text-sm break-all text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
      >
        {link.viewerUrl}
      </p>
      <Button variant="ghost" onClick={onDone} className="mt-2" icon={<Plus className="size-5" aria-hidden="true" />}>
        Make another link
      </Button>
    </section>
  );
}
