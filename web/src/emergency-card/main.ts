import type { EmergencyCard } from '@medical-qr/contracts';
import { renderCard, renderNotFound } from './render-card.js';
import './emergency-card.css';

declare global {
  interface Window {
    /** Started by the page's head script, before this module arrived. */
    __cardResponse?: Promise<Response>;
  }
}

const container = document.getElementById('card')!;
const token = /^\/emergency\/([^/?#]+)/.exec(location.pathname)?.[1] ?? '';

function show(content: HTMLElement) {
  container.replaceChildren(content);
  container.setAttribute('aria-busy', 'false');
}

async function load(response: Promise<Response> | undefined) {
  try {
    const res = await (response ?? fetch(`/api/emergency-card/${token}`, { headers: { Accept: 'application/json' } }));
    if (res.status === 410) {
      location.replace('/expired');
      return;
    }
    if (!res.ok) {
      show(renderNotFound({ canRetry: res.status !== 404 }));
      return;
    }
    const card = (await res.json()) as EmergencyCard;
    document.title = `${card.firstName} ${card.lastName} · Emergency medical card`;
    show(renderCard(card, { canShare: typeof navigator.share === 'function' }));
  } catch {
    // Offline or the server unreachable: the same message, with a way to try again.
    show(renderNotFound({ canRetry: true }));
  }
}

container.addEventListener('click', (event) => {
  const action = (event.target as Element).closest<HTMLElement>('[data-action]')?.dataset.action;
  if (action === 'print') window.print();
  if (action === 'retry') void load(undefined);
  if (action === 'share') {
    navigator.share({ title: document.title, url: location.href }).catch(() => undefined);
  }
});

void load(window.__cardResponse);
