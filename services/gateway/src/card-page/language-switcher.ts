import { LANGUAGE_ENDONYMS, LANGUAGE_TAGS, type LocalizedCardTexts, RESPONDER_LANGUAGES } from '@medical-qr/contracts';
import { html, type SafeHtml } from './html.js';
import { icon } from './icons.js';

/**
 * Every responder language, each named in itself, as a plain link to this page in it (`?lang=`, which the gateway
 * remembers for the next card): no script needed. Folded into one short line until opened, so it never pushes the
 * first-minute facts or the Call button down the first screen.
 */
export function languageSwitcher(texts: LocalizedCardTexts): SafeHtml {
  const links = RESPONDER_LANGUAGES.map((language) => {
    const tag = LANGUAGE_TAGS[language];
    const name = LANGUAGE_ENDONYMS[language];
    return language === texts.language
      ? html`<li><a href="?lang=${language}" hreflang="${tag}" lang="${tag}" aria-current="true">${name}</a></li>`
      : html`<li><a href="?lang=${language}" hreflang="${tag}" lang="${tag}">${name}</a></li>`;
  });
  return html`<details class="languages">
    <summary>${icon('globe', 'icon small')}${texts.t('language')}</summary>
    <ul class="language-list">
      ${links}
    </ul>
  </details>`;
}
