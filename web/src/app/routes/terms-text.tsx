import type { ReactNode } from 'react';
import { TextLink, textLinkClasses } from '../../components/ui/text-link';
import { paths } from '../../lib/paths';
import { PREMIUM_PRICE, QR_LIFETIME, REFUND_PROMISE } from '../../lib/plans';
import { SUPPORT_EMAIL, SUPPORT_RESPONSE_TIME } from '../../lib/support';
import { PrivacyControlsButton } from './privacy-controls-button';

/** The version and date the text below carries (SPEC section 9): change them whenever the text changes. */
export const TERMS_VERSION = '1.0';
export const TERMS_UPDATED = 'September 2025';

export interface TermsSection {
  /** The anchor the table of contents links to. */
  id: string;
  title: string;
  body: ReactNode;
}

function P({ children }: { children: ReactNode }) {
  return <p className="mt-3 text-base leading-relaxed text-slate-700 dark:text-slate-300">{children}</p>;
}

function Bullets({ children }: { children: ReactNode }) {
  return (
    <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 text-base leading-relaxed text-slate-700 marker:text-slate-400 dark:text-slate-300">
      {children}
    </ul>
  );
}

/** A bullet that opens with its subject in bold, as the data and rights lists read. */
function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <li>
      <strong className="font-semibold text-slate-900 dark:text-white">{label}</strong> {children}
    </li>
  );
}

const supportLink = (
  <a href={`mailto:${SUPPORT_EMAIL}`} className={`${textLinkClasses} [overflow-wrap:anywhere]`}>
    {SUPPORT_EMAIL}
  </a>
);

/**
 * The terms of service and privacy policy in one text (SPEC section 2, "Terms"), written to be read: what the
 * service is, what it holds and who sees it, the limits and figures it keeps to, and the reader's rights.
 */
export const TERMS_SECTIONS: readonly TermsSection[] = [
  {
    id: 'about',
    title: 'What Medical QR is',
    body: (
      <>
        <P>
          Medical QR puts the facts a first responder needs (blood group, allergies, conditions, medications, devices,
          organ donor choice and who to call) behind a QR code. Anyone who scans the code sees your emergency card.
        </P>
        <P>
          Medical QR is not an emergency service and not a medical device. It does not call for help, watch over you or
          check what you write. In an emergency, call 911 or your local emergency number. Your card is information for
          the people helping you; what they do with it is their decision.
        </P>
        <P>By using Medical QR you agree to these terms. If you do not agree, please do not use it.</P>
      </>
    ),
  },
  {
    id: 'account',
    title: 'Your account and your code',
    body: (
      <Bullets>
        <li>
          Without an account you can make one free code per email, which works for {QR_LIFETIME.anonymous}. With a free
          account your code works for {QR_LIFETIME.signedIn}. A Premium code never expires. An expired code shows an
          expired page instead of your card.
        </li>
        <li>
          Keep your details accurate and current: an old allergy list or phone number can mislead the person helping
          you. You can change your record at any time.
        </li>
        <li>
          Only add emergency contacts who have agreed to be called, and only put on your card what you are comfortable
          with a stranger reading.
        </li>
        <li>
          Keep your password to yourself. We sign you out after 15 minutes without activity, in case you leave a device
          signed in.
        </li>
      </Bullets>
    ),
  },
  {
    id: 'card',
    title: 'Who sees your emergency card',
    body: (
      <>
        <P>
          Your card is public on purpose: anyone who scans your code, or has its link, can read it without signing in.
          That is what lets a stranger help you. It shows your name, email, phone number if you gave one, gender, blood
          group, organ donor choice, allergies, conditions, medications, devices, languages, care directives, and your
          emergency contacts' names, relationships and phone numbers.
        </P>
        <Bullets>
          <li>
            The link holds a long random code that cannot practically be guessed, and we limit repeated look-ups of
            codes that do not exist. Anyone you show the code to can still keep the link.
          </li>
          <li>
            To cut off a code, replace it or delete it. Each printed item carries its own code, which you can revoke in{' '}
            <TextLink to={paths.myOrders.getHref()}>My Orders</TextLink> without touching the others.
          </li>
          <li>
            Each time your card is opened we note the time, whether it was opened as a page or in our scanner, and the
            kind of browser (for example "Chrome on Android"); not who opened it. Premium members get an email when
            their card is scanned.
          </li>
        </Bullets>
      </>
    ),
  },
  {
    id: 'data',
    title: 'What we hold and why',
    body: (
      <>
        <Bullets>
          <Item label="Your account:">
            name, email, phone number if you gave one, and your password, stored only as a one-way hash. If you sign in
            with Google, we receive your name and email from Google instead of a password. We use these to sign you in
            and to write to you about your account.
          </Item>
          <Item label="Your medical record and emergency contacts:">
            what you enter in the form, used only to show your card, and to show it to you in your account.
          </Item>
          <Item label="The scan log:">the card openings described above, so you can see when your card was used.</Item>
          <Item label="The audit log:">security events, described below.</Item>
          <Item label="Payments:">
            your customer reference and subscription status at Stripe, never your card number, so we know whether you
            are Premium.
          </Item>
          <Item label="Orders:">the items, your name, email and shipping address, status and tracking number.</Item>
          <Item label="In your browser:">
            a cookie that keeps you signed in, your light or dark theme, and a list of the codes made on this device
            without an account (Clear History removes it). No advertising or tracking cookies.
          </Item>
        </Bullets>
        <P>
          We email you only what you asked for or need, such as verification links, password resets and Premium scan
          alerts. We do not send marketing email.
        </P>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <Bullets>
        <li>
          Medical details, names, phone numbers and emergency contacts are encrypted at rest with AES-256-GCM. Emails
          and card codes are kept as a keyed fingerprint plus an encrypted copy, so our database alone opens no card and
          lists no email.
        </li>
        <li>
          After 5 failed sign-in attempts within 15 minutes for one account from one address, further attempts wait
          until the 15 minutes are up.
        </li>
        <li>
          More than 100 requests in 5 minutes from one address to the public parts of the service (making codes,
          creating accounts, signing in, looking up codes that do not exist) are refused for a while. Opening a card
          that exists is never limited.
        </li>
        <li>More than 10 data exports in an hour from one account are refused.</li>
        <li>
          Before you revoke consent or delete your data, we ask you to confirm it's you (your password, or Google) if
          you have not in the last 10 minutes.
        </li>
        <li>
          No system is perfectly secure. If a breach affects your data, we will tell you without undue delay and say
          what we are doing about it.
        </li>
      </Bullets>
    ),
  },
  {
    id: 'audit-log',
    title: 'The audit log',
    body: (
      <>
        <P>
          We record security events: accounts created, sign-ins (failed ones too), sign-outs, password resets, email
          verification, confirming it's you, records created, changed or deleted, and every privacy action (exports,
          consent and deletion).
        </P>
        <P>
          Each entry says what happened, when, to which account, and from which IP address and browser. It never holds
          your password or your medical details. We keep entries for 6 years, so misuse can be investigated and we can
          show what happened to your data if you or a regulator asks, then delete them. They outlast a deleted account.
        </P>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights: export, consent and deletion',
    body: (
      <>
        <Bullets>
          <Item label="Correct:">change your record at any time from the home page.</Item>
          <Item label="Export:">download a copy of your data as a file.</Item>
          <Item label="Revoke consent:">
            withdraw the agreement you gave when you made your code, that we store your information and show it to
            anyone who scans it.
          </Item>
          <Item label="Delete:">
            ask us to delete all your data. The deletion is scheduled 30 days out: until then your account shows
            "Deletion Pending" and you can cancel. On that day your account, records, contacts, scan log and cart are
            erased, orders are kept only as far as the law requires (without your name, email or address), and your
            cards and printed codes stop working. You can also choose to delete everything at once, which cannot be
            undone.
          </Item>
        </Bullets>
        <P>
          What stays: the audit log (above). Stripe and Printify keep their own records of your payments and orders,
          under their own policies.
        </P>
        <P>These controls need you signed in, and confirming it's you first.</P>
        <div className="mt-5">
          <PrivacyControlsButton />
        </div>
      </>
    ),
  },
  {
    id: 'payments',
    title: 'Premium and payments',
    body: (
      <Bullets>
        <li>
          Premium costs {PREMIUM_PRICE}, charged by Stripe, our payment provider, until you cancel. Your card details go
          straight to Stripe; we never see or store your card number.
        </li>
        <li>
          Cancel any time in <TextLink to={paths.myAccount.getHref()}>My Account</TextLink>: Premium stays until the end
          of the month you paid for, and is not renewed.
        </li>
        <li>{REFUND_PROMISE}: write to us within 30 days of a payment and we will refund it.</li>
      </Bullets>
    ),
  },
  {
    id: 'shop',
    title: 'Merchandise orders',
    body: (
      <Bullets>
        <li>
          Items from the QR Merch Shop are printed and shipped by Printify, a print-on-demand company. To make and
          deliver your order we send Printify your name, email, shipping address and the item with its QR code, which
          opens your card like any copy of your code. Printify uses them for that purpose only.
        </li>
        <li>You pay through Stripe, as for Premium. Premium members get 5% off the product price (not shipping).</li>
        <li>
          When address suggestions are on, what you type in the address field goes to Google Maps to suggest matching
          addresses.
        </li>
        <li>For a problem with an order, write to us with the order number from My Orders.</li>
      </Bullets>
    ),
  },
  {
    id: 'sharing',
    title: 'Who else gets your data',
    body: (
      <>
        <P>
          We do not sell your data, rent it out or use it for advertising. There is no advertising network or tracker on
          Medical QR.
        </P>
        <P>
          Only these services receive data from us, each only for its job: Stripe (payments), Printify (printing and
          delivery), Google (if you sign in with Google or use address suggestions) and our email provider (to deliver
          our emails). We give data to authorities only when the law requires it.
        </P>
      </>
    ),
  },
  {
    id: 'fair-use',
    title: 'Using Medical QR fairly',
    body: (
      <>
        <Bullets>
          <li>Make a card only for yourself, or for someone in your care with the right to decide for them.</li>
          <li>Do not try to guess codes, open cards nobody shared with you, or get around the limits above.</li>
          <li>Do not use Medical QR to deceive, harass or impersonate anyone.</li>
        </Bullets>
        <P>
          We may suspend an account that breaks these terms, and will tell you why unless the law or safety forbids.
        </P>
      </>
    ),
  },
  {
    id: 'limits',
    title: 'What we can and cannot promise',
    body: (
      <>
        <P>
          We work to keep every card available at all hours, but we cannot promise that the service is never down, that
          someone will scan your code, or that they will act on it. Keep vital information where responders look too,
          such as a medical bracelet or your phone's emergency information.
        </P>
        <P>
          Medical QR is provided as it is. As far as the law allows, we are not liable for harm from information that is
          wrong, out of date or not seen. Nothing in these terms takes away rights the law gives you.
        </P>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <P>
        When we change these terms we update the version and date at the top. If a change affects how we use your data,
        we tell you by email before it applies.
      </P>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <P>
        Questions about these terms or your data: write to {supportLink}. We answer within {SUPPORT_RESPONSE_TIME}. More
        ways we can help are on the <TextLink to={paths.contactUs.getHref()}>contact page</TextLink>.
      </P>
    ),
  },
];
