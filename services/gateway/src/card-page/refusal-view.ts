import { cardTexts, EMERGENCY_CALL, type LocalizedCardTexts } from '@medical-qr/contracts';
import { html, type SafeHtml } from './html.js';
import { icon } from './icons.js';
import { languageSwitcher } from './language-switcher.js';

/** Why no card is shown: unknown token, too many misses from this address, or the records service not answering. */
export type Refusal =
  { kind: 'not-found' } | { kind: 'rate-limited'; retryAfterSeconds: number } | { kind: 'unavailable' };

export function refusalTitle(refusal: Refusal, texts = cardTexts('en')): string {
  if (refusal.kind === 'not-found') return texts.t('notFoundTitle');
  return texts.t(refusal.kind === 'rate-limited' ? 'rateLimitedTitle' : 'unavailableTitle');
}

/** `Retry-After` as a person reads it: seconds under a minute and a half, whole minutes past that. */
function waitText(seconds: number, texts: LocalizedCardTexts): string {
  if (seconds < 90) return texts.plural('tryAgainInSeconds', seconds);
  return texts.plural('tryAgainInMinutes', Math.ceil(seconds / 60));
}

function refusalText(refusal: Refusal, texts: LocalizedCardTexts): string {
  if (refusal.kind === 'not-found') return texts.t('notFoundText');
  return refusal.kind === 'rate-limited' ? waitText(refusal.retryAfterSeconds, texts) : texts.t('unavailableText');
}

/**
 * No dead end: whatever kept the card away, the page leads with the emergency number and a button that dials it, then
 * says what happened, offers a retry when one can help (a plain link: no script needed), and only then the upsell
 * and the other languages. In the responder's language; English unless given.
 */
export function refusalView(refusal: Refusal, retryHref: string, texts = cardTexts('en')): SafeHtml {
  return html`<article class="card refusal" aria-labelledby="refusal-title">
    <section class="emergency-lead" aria-label="${texts.t('emergency')}">
      <p class="emergency-lead-text">${icon('alert', 'icon')}${texts.t('emergencyLead')}</p>
      <a class="button call" href="tel:${EMERGENCY_CALL.number}">${icon('phone')}${texts.t('callEmergency')}</a>
    </section>
    <h1 class="refusal-title" id="refusal-title">${refusalTitle(refusal, texts)}</h1>
    <p class="refusal-text">${refusalText(refusal, texts)}</p>
    ${refusal.kind === 'not-found' ? '' : html`<a class="button secondary" href="${retryHref}">${icon('retry')}${texts.t('tryAgain')}</a>`}
    <footer class="card-footer">
      <a class="create-own" href="/">${texts.t('createOwn')}</a>
      ${languageSwitcher(texts)}
    </footer>
  </article>`;
}
