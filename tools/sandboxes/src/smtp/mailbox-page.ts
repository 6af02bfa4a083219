import { escapeHtml } from '../html.js';
import type { CaughtMail } from './mailbox.js';

function formatTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

function renderMail(mail: CaughtMail): string {
  const links = mail.links.length
    ? `<p class="muted">Links</p><ul class="links">${mail.links
        .map((link) => `<li><a href="${escapeHtml(link)}" rel="noreferrer">${escapeHtml(link)}</a></li>`)
        .join('')}</ul>`
    : '';
  const body = mail.text.trim()
    ? `<pre class="body">${escapeHtml(mail.text.trim())}</pre>`
    : '<p class="muted">(no text body)</p>';
  // A sender that retried after losing the server's reply sent it again: shown once, as real mailboxes do.
  const delivered =
    mail.deliveries > 1
      ? `\n<dt>Delivered</dt><dd>${mail.deliveries} times (sent again with the same Message-ID)</dd>`
      : '';
  return `<article class="card" id="mail-${escapeHtml(mail.id)}">
<h2>${escapeHtml(mail.subject || '(no subject)')}</h2>
<dl class="meta">
<dt>To</dt><dd>${escapeHtml(mail.to.join(', '))}</dd>
<dt>From</dt><dd>${escapeHtml(mail.from)}</dd>
<dt>Time</dt><dd><time datetime="${escapeHtml(mail.receivedAt)}">${escapeHtml(formatTime(mail.receivedAt))}</time></dd>${delivered}
</dl>
${links}
${body}
</article>`;
}

/** The local mailbox, newest first. Relative links only, so it works both directly and behind the gateway's /dev proxy. */
export function renderMailboxPage(mails: CaughtMail[], filter: string | undefined): string {
  const count = `${mails.length} ${mails.length === 1 ? 'message' : 'messages'}${filter ? ` to ${escapeHtml(filter)}` : ''}`;
  const list = mails.length
    ? mails.map(renderMail).join('\n')
    : `<div class="card empty"><p>No mail${filter ? ` to ${escapeHtml(filter)}` : ''} yet.</p>
<p class="muted">Mail the system sends while running locally (password resets, receipts, notices) lands here instead of being delivered.</p></div>`;
  return `<h1>Local mailbox</h1>
<p class="muted">${count} &middot; newest first &middot; <a href="mailbox${filter ? `?to=${encodeURIComponent(filter)}` : ''}">Refresh</a> &middot; <a href="mailbox.json">JSON</a></p>
<p class="banner">Local stand-in for SMTP delivery: nothing here was sent to anyone. Kept in memory, last 200 messages.</p>
<form class="toolbar" method="get" action="mailbox">
<label>Recipient<input type="email" name="to" value="${escapeHtml(filter ?? '')}" placeholder="someone@example.com" autocomplete="off"></label>
<button type="submit">Filter</button>${filter ? ' <a class="button" href="mailbox">All mail</a>' : ''}
</form>
${list}`;
}
