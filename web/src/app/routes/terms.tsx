import { panel } from '../../components/ui/panel';
import { useDocumentTitle } from '../../lib/document-title';
import { TERMS_SECTIONS, TERMS_UPDATED, TERMS_VERSION, type TermsSection } from './terms-text';
import { TitledPanel } from '../../components/ui/titled-panel';
import { PageTitle } from '../../components/ui/page-title';

const inShort = [
  'Anyone who scans your code sees your emergency card: put on it what you want a stranger helping you to read.',
  'Your medical details are encrypted and never sold. The services that take payments and print orders get only what their job needs.',
  'You can export your data, revoke your consent or delete everything. A scheduled deletion waits 30 days, and you can cancel it until then.',
  'Medical QR does not replace emergency services. In an emergency, call 911 or your local emergency number.',
];

/**
 * /terms (SPEC section 2, "Terms"): the terms of service and privacy policy, a summary first, then a table of contents
 * whose links jump to each section (plain anchors: the browser moves focus and scroll, below the sticky header).
 */
export function TermsRoute() {
  useDocumentTitle('Terms and Privacy Policy');
  return (
    <div className="mx-auto max-w-3xl px-5 py-8 sm:px-6 md:py-12">
      <header>
        <PageTitle eyebrow={`Version ${TERMS_VERSION} · Last updated ${TERMS_UPDATED}`}>
          Terms of service and privacy policy
        </PageTitle>
        <p className="mt-3 text-lg leading-relaxed text-slate-600 dark:text-slate-300">
          The rules for using Medical QR, and what we do with your information, in plain words.
        </p>
      </header>
      <div className="mt-8 flex flex-col gap-6">
        <InShort />
        <Contents />
        {TERMS_SECTIONS.map((section) => (
          <Section key={section.id} section={section} />
        ))}
      </div>
    </div>
  );
}

function InShort() {
  return (
    <TitledPanel title="In short">
      <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 text-base leading-relaxed text-slate-700 marker:text-red-600 dark:text-slate-300 dark:marker:text-red-400">
        {inShort.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
    </TitledPanel>
  );
}

function Contents() {
  return (
    <TitledPanel title="On this page" as="nav">
      <ul className="mt-2 grid gap-x-6 sm:grid-cols-2">
        {TERMS_SECTIONS.map(({ id, title }) => (
          <li key={id}>
            <a
              href={`#${id}`}
              className="inline-block py-1.5 text-base font-semibold text-red-700 underline-offset-2 hover:underline dark:text-red-400"
            >
              {title}
            </a>
          </li>
        ))}
      </ul>
    </TitledPanel>
  );
}

function Section({ section: { id, title, body } }: { section: TermsSection }) {
  const titleId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={titleId} className={panel()}>
      <h2 id={titleId} className="text-xl font-bold text-balance text-slate-900 dark:text-white">
        {title}
      </h2>
      {body}
    </section>
  );
}
