import {
  cardTexts,
  decodeShlink,
  LANGUAGE_TAGS,
  type ResponderLanguage,
  type ShlinkPayload,
} from '@medical-qr/contracts';
import { CalendarX, LinkIcon, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { PageMessage } from '../../components/ui/page-message';
import { panel } from '../../components/ui/panel';
import { ResponderLanguageSelect } from '../../components/ui/responder-language-select';
import { useDocumentTitle } from '../../lib/document-title';
import { OpenLinkForm } from './open-link-form';
import type { OpenOutcome } from './open-health-link';
import { viewerLanguage } from './shl-language';
import { SummaryView } from './summary-view';

type Opened = Extract<OpenOutcome, { kind: 'opened' }>;
type Stage = { kind: 'asking' } | { kind: 'gone' } | Opened;

/** Whether the link's own expiry (`exp`, in seconds) has passed: said before anything is asked. */
const expiredAt = (payload: ShlinkPayload, now: number): Date | undefined =>
  payload.exp !== undefined && payload.exp * 1000 <= now ? new Date(payload.exp * 1000) : undefined;

/**
 * /shl (step 18): opens a SMART Health Link from the address's fragment (`#shlink:/…`), which the browser never sends
 * to any server, nor does this page (no referrer, no log). It says who is reading, asks for the passcode when the link
 * has one, then shows the summary, in the reader's language (as the card chooses it, with a switch).
 */
export function HealthLinkViewer({ hash, search }: { hash: string; search: string }) {
  // Read once: the fragment may change afterwards (the skip link's #main) without changing the link being opened.
  const [payload] = useState(() => decodeShlink(hash));
  const [language, setLanguage] = useState<ResponderLanguage>(() =>
    viewerLanguage(search, typeof navigator === 'undefined' ? [] : navigator.languages),
  );
  const [stage, setStage] = useState<Stage>({ kind: 'asking' });
  const texts = cardTexts(language);
  const { t } = texts;
  useDocumentTitle(t('shlTitle'));

  const body = (() => {
    if (!payload) return <Message icon={LinkIcon} title={t('shlInvalid')} text={t('shlInvalidText')} />;
    const expired = expiredAt(payload, Date.now());
    if (expired)
      return (
        <Message
          icon={CalendarX}
          title={t('shlExpiredOn', { date: texts.longDate(expired) })}
          text={t('shlAskNewLink')}
        />
      );
    if (stage.kind === 'gone') return <Message icon={CalendarX} title={t('shlGone')} text={t('shlAskNewLink')} focus />;
    if (stage.kind === 'opened')
      return <SummaryView summary={stage.summary} lastUpdated={stage.lastUpdated} texts={texts} />;
    return (
      <div className={panel()}>
        <p className="text-sm font-bold tracking-[0.12em] text-red-700 uppercase dark:text-red-400">{t('shlTitle')}</p>
        {payload.label ? (
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight [overflow-wrap:anywhere] text-slate-900 sm:text-4xl dark:text-white">
            {payload.label}
          </h1>
        ) : (
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            {t('shlTitle')}
          </h1>
        )}
        <p className="mt-2 text-base text-slate-600 dark:text-slate-300">{t('shlIntro')}</p>
        <OpenLinkForm
          payload={payload}
          texts={texts}
          onOpened={(opened) => setStage(opened)}
          onGone={() => setStage({ kind: 'gone' })}
        />
      </div>
    );
  })();

  return (
    <div lang={LANGUAGE_TAGS[language]} dir={texts.dir} className="mx-auto max-w-3xl px-5 py-6 sm:px-6 md:py-10">
      <LanguageSwitch language={language} label={t('language')} onChange={setLanguage} />
      <div className="mt-4">{body}</div>
    </div>
  );
}

/** The viewer in another of the card's languages (each named in itself); not printed. */
function LanguageSwitch(props: {
  language: ResponderLanguage;
  label: string;
  onChange: (language: ResponderLanguage) => void;
}) {
  return (
    <div data-print-hidden="">
      <ResponderLanguageSelect
        {...props}
        className="justify-end gap-2"
        labelClassName="dark:text-slate-300"
        boxClassName="w-40"
        selectClassName="min-h-11 text-[15px]"
      />
    </div>
  );
}

/** The link cannot be opened (not a link, expired, revoked): why, and what to do. */
function Message({
  icon,
  title,
  text,
  focus = false,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  focus?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return <PageMessage icon={icon} tone="error" title={title} message={text} headingRef={focus ? heading : undefined} />;
}
