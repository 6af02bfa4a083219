import { escapeHtml } from '../html.js';
import type { DevMessage } from './messages.js';
import type { InboundResult } from './inbound.js';

function formatTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

function renderText(message: DevMessage): string {
  const heading = message.direction === 'inbound' ? `From ${escapeHtml(message.from)}` : `To ${escapeHtml(message.to)}`;
  const segments = message.numSegments > 1 ? ` &middot; ${message.numSegments} segments` : '';
  return `<article class="card" id="text-${escapeHtml(message.sid)}">
<h2>${heading}</h2>
<dl class="meta">
<dt>Direction</dt><dd>${message.direction === 'inbound' ? 'Incoming (a phone texted the service)' : 'Outgoing (sent by the system)'}</dd>
<dt>To</dt><dd>${escapeHtml(message.to)}</dd>
<dt>From</dt><dd>${escapeHtml(message.from)}</dd>
<dt>Time</dt><dd><time datetime="${escapeHtml(message.sentAt)}">${escapeHtml(formatTime(message.sentAt))}</time></dd>
<dt>Status</dt><dd>${escapeHtml(message.status)}${segments}</dd>
<dt>Sid</dt><dd>${escapeHtml(message.sid)}</dd>
</dl>
<pre class="body">${escapeHtml(message.body)}</pre>
</article>`;
}

/**
 * The form a person uses to answer as a phone would: a text from `from` to the service's number. Posts to
 * `messages/inbound`, relative, so it works both directly and behind the gateway's /dev proxy.
 */
function replyForm(serviceNumber: string, from: string): string {
  return `<form class="card stack" method="post" action="messages/inbound">
<h2>Text the service's number (${escapeHtml(serviceNumber)}) as a phone</h2>
<label>From (the phone's number, E.164)<input type="text" name="from" value="${escapeHtml(from)}" placeholder="+15551234567" inputmode="tel" autocomplete="off" required pattern="\\+[1-9][0-9]{1,14}"></label>
<label>Text<input type="text" name="body" maxlength="1600" required autocomplete="off"></label>
<div class="buttons"><button class="primary" type="submit">Send to the service</button></div>
</form>`;
}

/** Every text, newest first, and a reply form prefilled with the last number the system texted. */
export function renderMessagesPage(messages: DevMessage[], serviceNumber: string): string {
  const count = `${messages.length} ${messages.length === 1 ? 'text' : 'texts'}`;
  const lastRecipient = messages.find((message) => message.direction === 'outbound')?.to ?? '';
  const list = messages.length
    ? messages.map(renderText).join('\n')
    : `<div class="card empty"><p>No texts yet.</p>
<p class="muted">Texts the system sends while running locally (alerts to a person's emergency contacts) land here instead of reaching a phone.</p></div>`;
  return `<h1>Local texts</h1>
<p class="muted">${count} &middot; newest first &middot; <a href="messages">Refresh</a> &middot; <a href="messages.json">JSON</a></p>
<p class="banner">Local stand-in for Twilio SMS: nothing here reached a phone. Kept in memory, last 500 texts.</p>
${replyForm(serviceNumber, lastRecipient)}
${list}`;
}

/** What a text sent from the reply form did, for the person who sent it. */
export function renderInboundResult(result: InboundResult): string {
  const outcome =
    result.productStatus !== undefined
      ? `The system answered HTTP ${result.productStatus}.`
      : `The system could not be reached: ${escapeHtml(result.error ?? 'no answer')}.`;
  const reply = result.productReply ? `<pre class="body">${escapeHtml(result.productReply)}</pre>` : '';
  return `<h1>Text delivered to the system</h1>
<p>${escapeHtml(result.message.from)} texted ${escapeHtml(result.message.to)}. It was posted, signed as Twilio signs, to ${escapeHtml(result.posted.url)}.</p>
<p class="${result.productStatus !== undefined && result.productStatus < 300 ? '' : 'error'}">${outcome}</p>
${reply}
<p><a class="button" href="../messages">Back to the texts</a></p>`;
}
