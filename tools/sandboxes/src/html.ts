import { createHash } from 'node:crypto';
import type { Response } from 'express';

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * One stylesheet for every stand-in page, inline (each page is its own origin) and allowed by its hash, so the
 * pages run under a CSP with no inline scripts and no 'unsafe-inline'. Light and dark, phone to desktop.
 */
const STYLE = `
:root { color-scheme: light dark; --bg: #f4f5f7; --card: #fff; --text: #1b1f24; --muted: #5c6470; --line: #d9dde3;
  --accent: #1a56db; --accent-text: #fff; --warn-bg: #fff4d6; --warn-text: #6b4b00; --error: #b42318; --code: #eef0f3; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #111418; --card: #1b2027; --text: #e8eaed; --muted: #a3acb8; --line: #2f3742;
    --accent: #7aa7ff; --accent-text: #0b1526; --warn-bg: #3a2f12; --warn-text: #f5d98b; --error: #ff8a80; --code: #232a33; }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: var(--bg); color: var(--text); line-height: 1.5;
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { max-width: 56rem; margin: 0 auto; padding: 1.25rem 1rem 3rem; }
main.narrow { max-width: 28rem; padding-top: 2.5rem; }
h1 { font-size: 1.5rem; line-height: 1.25; margin: 0 0 .25rem; text-wrap: balance; }
h2 { font-size: 1.125rem; line-height: 1.3; margin: 0; overflow-wrap: anywhere; text-wrap: balance; }
p { margin: .5rem 0; }
a { color: var(--accent); overflow-wrap: anywhere; }
.muted { color: var(--muted); font-size: .875rem; }
.banner { background: var(--warn-bg); color: var(--warn-text); border-radius: .5rem; padding: .5rem .75rem;
  font-size: .875rem; margin: .75rem 0 1rem; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: .75rem; padding: 1rem; margin: 0 0 1rem; }
.toolbar { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; margin: 0 0 1rem; }
.toolbar label { flex: 1 1 14rem; margin: 0; }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: .125rem .75rem; margin: .5rem 0; font-size: .875rem; }
dl.meta dt { color: var(--muted); }
dl.meta dd { margin: 0; overflow-wrap: anywhere; }
ul.links { margin: .25rem 0 .5rem; padding-left: 1.25rem; }
ul.links li { margin: .25rem 0; }
pre.body { background: var(--code); border-radius: .5rem; padding: .75rem; margin: .5rem 0 0; white-space: pre-wrap;
  overflow-wrap: anywhere; font: .875rem/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.empty { text-align: center; padding: 2rem 1rem; }
form.stack { display: grid; gap: .875rem; }
label { display: grid; gap: .25rem; font-weight: 600; font-size: .9375rem; }
input[type=email], input[type=text] { font: inherit; font-weight: 400; width: 100%; padding: .625rem .75rem;
  border: 1px solid var(--line); border-radius: .5rem; background: var(--bg); color: var(--text); min-height: 2.75rem; }
input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.buttons { display: flex; flex-direction: row-reverse; gap: .75rem; flex-wrap: wrap; margin-top: .5rem; }
button, .button { font: inherit; font-weight: 600; border-radius: .5rem; padding: .625rem 1.25rem; min-height: 2.75rem;
  border: 1px solid var(--line); background: var(--card); color: var(--text); cursor: pointer; text-decoration: none;
  display: inline-flex; align-items: center; justify-content: center; }
button.primary { background: var(--accent); border-color: var(--accent); color: var(--accent-text); flex: 1 1 auto; }
.error { color: var(--error); font-weight: 600; }
.brand { display: flex; align-items: center; gap: .5rem; font-weight: 600; color: var(--muted); margin-bottom: 1rem; }
.brand .dot { width: .75rem; height: .75rem; border-radius: 50%; background: var(--accent); }
`;

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** Sends an HTML page under its own strict policy: no scripts at all, only this file's stylesheet. */
export function sendPage(
  res: Response,
  options: { status?: number; title: string; body: string; narrow?: boolean; formAction?: string[] },
): void {
  const formAction = ["'self'", ...(options.formAction ?? [])].join(' ');
  res
    .status(options.status ?? 200)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': `default-src 'none'; style-src ${STYLE_HASH}; img-src 'self' data:; form-action ${formAction}; base-uri 'none'; frame-ancestors 'none'`,
      'Cache-Control': 'no-store',
    })
    .send(
      `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(options.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main${options.narrow ? ' class="narrow"' : ''}>
${options.body}
</main>
</body>
</html>
`,
    );
}
