import './emergency-card.css';
import { enhanceTellFamily } from './tell-family';

/*
 * The card arrives rendered by the server and works without this script. The script only adds what needs one:
 * Print, Share (where the device can share) and Copy link, shown once they can work. What it says comes with the
 * page, in the page's language.
 */
const actions = document.querySelector<HTMLElement>('.card-actions');
const status = actions?.querySelector<HTMLElement>('.action-status');

function say(message: string) {
  if (status) status.textContent = message;
}

/** The card's link without the language this responder chose: whoever it is sent to reads it in their own. */
function cardLink(): string {
  const url = new URL(location.href);
  url.searchParams.delete('lang');
  return url.href;
}

async function copyLink() {
  try {
    await navigator.clipboard.writeText(cardLink());
    say(status?.dataset.copied ?? 'Link copied.');
  } catch {
    say(status?.dataset.copyFailed ?? 'Copy failed. Copy the address from the address bar instead.');
  }
}

function share() {
  // Closing the share sheet rejects; there is nothing to say then.
  navigator.share({ title: document.title, url: cardLink() }).catch(() => undefined);
}

if (actions) {
  const shareButton = actions.querySelector<HTMLElement>('[data-action="share"]');
  if (shareButton) shareButton.hidden = typeof navigator.share !== 'function';
  const copyButton = actions.querySelector<HTMLElement>('[data-action="copy"]');
  if (copyButton) copyButton.hidden = !navigator.clipboard;
  actions.hidden = false;
  actions.addEventListener('click', (event) => {
    const action = (event.target as Element).closest<HTMLElement>('[data-action]')?.dataset.action;
    if (action === 'print') window.print();
    if (action === 'share') share();
    if (action === 'copy') void copyLink();
  });
}

const tellFamily = document.querySelector<HTMLFormElement>('.tell-family-form');
if (tellFamily) enhanceTellFamily(tellFamily);
