import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml, type SafeHtml } from './html.js';

/** Where the built page takes the card (web/emergency.html). */
const CARD_SLOT = '<!-- card -->';
const TITLE = /<title>[^<]*<\/title>/;
const HTML_TAG = /<html[^>]*>/;
const STYLESHEET = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g;

export interface CardPage {
  title: string;
  content: SafeHtml;
  /** The page's language as a BCP 47 tag, and its direction (Arabic reads right to left). */
  lang: string;
  dir: 'ltr' | 'rtl';
}

export interface CardPageTemplate {
  render(page: CardPage): string;
}

/**
 * The built card page's stylesheet, inline: a responder's phone gets everything it needs to paint in the first
 * response instead of waiting one more round trip on a weak signal (the page's script stays a deferred file).
 */
function inlineStylesheets(page: string, distDir: string): string {
  return page.replace(STYLESHEET, (link, href: string) => {
    const path = join(distDir, href);
    return existsSync(path) ? `<style>${readFileSync(path, 'utf8').trim()}</style>` : link;
  });
}

/** The built `emergency.html` split around its card slot, or undefined when the web app is not built. */
export function loadCardPageTemplate(distDir: string): CardPageTemplate | undefined {
  const path = join(distDir, 'emergency.html');
  if (!existsSync(path)) return undefined;
  const page = inlineStylesheets(readFileSync(path, 'utf8'), distDir);
  const [head, tail, ...extra] = page.split(CARD_SLOT);
  if (tail === undefined || extra.length) throw new Error(`${path} must hold exactly one ${CARD_SLOT}`);
  if (!HTML_TAG.test(head!)) throw new Error(`${path} has no <html> tag to declare the card's language on`);
  return {
    render: ({ title, content, lang, dir }) =>
      head!
        .replace(HTML_TAG, `<html lang="${escapeHtml(lang)}" dir="${dir}">`)
        .replace(TITLE, `<title>${escapeHtml(title)}</title>`) +
      content.markup +
      tail,
  };
}
