import { CardTexts, waitText } from './card-texts.js';
import { html, type SafeHtml } from './html.js';
import { icon } from './icons.js';

/** Why no card is shown: unknown token, too many misses from this address, or the records service not answering. */
export type Refusal =
  { kind: 'not-found' } | { kind: 'rate-limited'; retryAfterSeconds: number } | { kind: 'unavailable' };

export function refusalTitle(refusal: Refusal): string {
  if (refusal.kind === 'not-found') return CardTexts.notFoundTitle;
  return refusal.kind === 'rate-limited' ? CardTexts.rateLimitedTitle : CardTexts.unavailableTitle;
}

function refusalText(refusal: Refusal): string {
  if (refusal.kind === 'not-found') return CardTexts.notFoundText;
  return refusal.kind === 'rate-limited' ? waitText(refusal.retryAfterSeconds) : CardTexts.unavailableText;
}

/**
 * No dead end: whatever kept the card away, the page leads with the emergency number and a button that dials it, then
 * says what happened, offers a retry when one can help (a plain link: no script needed), and only then the upsell.
 */
export function refusalView(refusal: Refusal, retryHref: string): SafeHtml {
  return html`<article class="card refusal" aria-labelledby="refusal-title">
    <section class="emergency-lead" aria-label="Emergency">
      <p class="emergency-lead-text">${icon('alert', 'icon')}${CardTexts.emergencyLead}</p>
      <a class="button call" href="tel:${CardTexts.emergencyNumber}">${icon('phone')}${CardTexts.callEmergency}</a>
    </section>
    <h1 class="refusal-title" id="refusal-title">${refusalTitle(refusal)}</h1>
    <p class="refusal-text">${refusalText(refusal)}</p>
    ${refusal.kind === 'not-found' ? '' : html`<a class="button secondary" href="${retryHref}">${icon('retry')}${CardTexts.tryAgain}</a>`}
    <footer class="card-footer"><a class="create-own" href="/">${CardTexts.createOwn}</a></footer>
  </article>`;
}
