import { Check, Clock, Mail, X, type LucideIcon } from 'lucide-react';
import { TextLink } from '../../components/ui/text-link';
import { EmergencyCallLead } from '../../components/errors/emergency-call-lead';
import { buttonClasses } from '../../components/ui/button';
import { useAuth } from '../../features/auth';
import { useDocumentTitle } from '../../lib/document-title';
import { paths } from '../../lib/paths';
import { SUPPORT_EMAIL, SUPPORT_RESPONSE_TIME } from '../../lib/support';
import { TitledPanel } from '../../components/ui/titled-panel';
import { PageTitle } from '../../components/ui/page-title';

const NOT_MONITORED_FOR_EMERGENCIES =
  'Our support inbox is not watched for emergencies, and nobody there can send help. Never write to us about one.';

const canHelp = [
  'Your QR code, emergency card or printed tags not working as you expect',
  'Signing in, verifying your email or resetting your password',
  'Premium: billing, cancelling, and refunds within 30 days',
  'Merchandise orders: delivery, tracking, damaged or wrong items',
  'Exporting, correcting or deleting your data',
  'Reporting a bug or something hard to use, including with a screen reader',
];

const cannotHelp = [
  'Medical emergencies: call 911 or your local emergency number',
  'Medical advice, or what your card should say: ask your doctor',
  'Telling you whose code you scanned, or passing on their details',
  "Changing someone else's card: only its owner can, signed in",
  'Contacting responders, hospitals or emergency contacts for you',
];

/**
 * /contact-us (SPEC section 2, "Contact"): the emergency number before anything else (someone may come here looking for
 * help), then the support email and when to expect an answer, what support can and cannot do, and who is behind it.
 */
export function ContactUsRoute() {
  useDocumentTitle('Contact Us');
  const { isPremium } = useAuth();
  return (
    <div className="mx-auto max-w-3xl px-5 py-8 sm:px-6 md:py-12">
      <EmergencyCallLead className="mb-8" detail={NOT_MONITORED_FOR_EMERGENCIES} />
      <header>
        <PageTitle eyebrow="Support">Contact Us</PageTitle>
        <p className="mt-3 text-lg leading-relaxed text-slate-600 dark:text-slate-300">
          Questions about your code, your account, an order or your data: write to us and a person will answer.
        </p>
      </header>
      <div className="mt-8 flex flex-col gap-6">
        <EmailSupport isPremium={isPremium} />
        <div className="grid gap-6 md:grid-cols-2">
          <HelpList title="We can help with" items={canHelp} icon={Check} tone="yes" />
          <HelpList title="We can't help with" items={cannotHelp} icon={X} tone="no" />
        </div>
        <WhoWeAre />
      </div>
    </div>
  );
}

function EmailSupport({ isPremium }: { isPremium: boolean }) {
  return (
    <TitledPanel title="Email support">
      {/* The address is text beside the button, not its label: a long label would wrap on a phone. */}
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <a
          href={`mailto:${SUPPORT_EMAIL}`}
          className={buttonClasses({ className: 'w-full whitespace-nowrap sm:w-auto' })}
        >
          <Mail className="size-5 shrink-0" aria-hidden="true" />
          Email support
        </a>
        <span className="text-[15px] font-semibold break-all text-slate-700 select-all dark:text-slate-200">
          {SUPPORT_EMAIL}
        </span>
      </div>
      <p className="mt-4 flex gap-2 text-base font-semibold text-slate-900 dark:text-white">
        <Clock className="mt-0.5 size-5 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden="true" />
        We answer within {SUPPORT_RESPONSE_TIME}.
      </p>
      {isPremium ? (
        <p className="mt-1 pl-7 text-[15px] text-slate-600 dark:text-slate-400">
          As a Premium member, your message is answered first.
        </p>
      ) : null}
      <p className="mt-4 text-[15px] leading-relaxed text-slate-600 dark:text-slate-400">
        Write from the email your account uses, and for an order include its number from{' '}
        <TextLink to={paths.myOrders.getHref()}>My Orders</TextLink>. Please do not send your password or medical
        details: we never need them to help you.
      </p>
    </TitledPanel>
  );
}

const tones = {
  yes: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950/50 dark:text-emerald-400',
  no: 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
} as const;

function HelpList({
  title,
  items,
  icon: Icon,
  tone,
}: {
  title: string;
  items: readonly string[];
  icon: LucideIcon;
  tone: keyof typeof tones;
}) {
  return (
    <TitledPanel title={title}>
      <ul className="mt-4 flex flex-col gap-3">
        {items.map((item) => (
          <li key={item} className="flex gap-3 text-base leading-snug text-slate-800 dark:text-slate-100">
            <span className={`flex size-7 shrink-0 items-center justify-center rounded-lg ${tones[tone]}`}>
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <span className="pt-0.5">{item}</span>
          </li>
        ))}
      </ul>
    </TitledPanel>
  );
}

function WhoWeAre() {
  return (
    <TitledPanel title="Who builds Medical QR">
      <p className="mt-3 text-base leading-relaxed text-slate-700 dark:text-slate-300">
        Medical QR is built and run by a small team. There is no call centre: the people who read your email are the
        people who build the service. Telling us what you did, what you saw and on which device helps us fix it sooner.
        How we handle your information is in our{' '}
        <TextLink to={paths.terms.getHref()}>terms and privacy policy</TextLink>.
      </p>
    </TitledPanel>
  );
}
