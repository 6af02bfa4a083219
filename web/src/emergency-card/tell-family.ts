/*
 * "Tell their family" without leaving the card: the plain form posts without a script; with one, "Share my location"
 * fills in the phone's position (asked only on that tap), the alert is sent as JSON, and the answer, then whether a
 * contact said "I'm on it", shows in the form. Every text comes with the page, in its language.
 */

/** How the alert stands, and what to tell the responder about it (in their language, from the server). */
interface AlertStatus {
  state: 'waiting' | 'acknowledged' | 'unanswered';
  said: string;
}

/** How often, and for how long, the form asks whether a contact answered. */
const POLL_MS = 5000;
const POLL_FOR_MS = 30 * 60 * 1000;

function field(form: HTMLFormElement, name: string): string {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element.value.trim() : '';
}

function setField(form: HTMLFormElement, name: string, value: string) {
  const element = form.elements.namedItem(name);
  if (element instanceof HTMLInputElement) element.value = value;
}

/** The alert as JSON: what was typed, and the shared position (else the typed place). */
function alertOf(form: HTMLFormElement) {
  const latitude = field(form, 'latitude');
  const longitude = field(form, 'longitude');
  const accuracy = field(form, 'accuracy');
  const placeText = field(form, 'placeText');
  const place =
    latitude && longitude
      ? {
          latitude: Number(latitude),
          longitude: Number(longitude),
          ...(accuracy ? { accuracyMeters: Number(accuracy) } : {}),
        }
      : placeText
        ? { text: placeText }
        : undefined;
  return {
    responderName: field(form, 'responderName'),
    callbackNumber: field(form, 'callbackNumber'),
    message: field(form, 'message'),
    ...(place ? { place } : {}),
  };
}

function locate(form: HTMLFormElement, say: (text: string) => void) {
  const words = form.dataset;
  say(words.locating ?? '');
  navigator.geolocation.getCurrentPosition(
    ({ coords }) => {
      setField(form, 'latitude', coords.latitude.toFixed(6));
      setField(form, 'longitude', coords.longitude.toFixed(6));
      setField(form, 'accuracy', String(Math.round(coords.accuracy)));
      say((words.locationShared ?? '').replace('{{meters}}', String(Math.round(coords.accuracy))));
    },
    () => {
      say(words.locationFailed ?? '');
      form.querySelector<HTMLInputElement>('[name="placeText"]')?.focus();
    },
    { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
  );
}

/** Asks for news until a contact answers (or half an hour passed); the owner's account has it all the same. */
function follow(form: HTMLFormElement, statusKey: string, say: (text: string) => void) {
  const until = Date.now() + POLL_FOR_MS;
  const language = new URL(form.action).searchParams.get('lang') ?? 'en';
  const ask = async () => {
    try {
      const response = await fetch(`/api/family-alerts/status/${statusKey}?lang=${language}`, { cache: 'no-store' });
      if (response.ok) {
        const status = (await response.json()) as AlertStatus;
        say(status.said);
        if (status.state === 'acknowledged') return;
      }
    } catch {
      // No signal for a moment: ask again next time.
    }
    if (Date.now() < until) setTimeout(() => void ask(), POLL_MS);
  };
  setTimeout(() => void ask(), POLL_MS);
}

async function send(form: HTMLFormElement, submit: HTMLButtonElement, say: (text: string) => void) {
  const words = form.dataset;
  submit.disabled = true;
  say(words.sending ?? '');
  try {
    const response = await fetch(form.action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(alertOf(form)),
    });
    const reply = (await response.json().catch(() => ({}))) as { statusKey?: string; said?: string; message?: string };
    if (response.status === 201 && reply.statusKey) {
      say(reply.said ?? '');
      follow(form, reply.statusKey, say);
      return;
    }
    submit.disabled = false;
    if (response.status === 429) say(words.limited ?? '');
    else say(reply.message ? `${words.notSent ?? ''} (${reply.message})` : (words.notSent ?? ''));
  } catch {
    submit.disabled = false;
    say(words.notSent ?? '');
  }
}

export function enhanceTellFamily(form: HTMLFormElement) {
  const status = form.querySelector<HTMLElement>('.tell-family-status');
  const locateStatus = form.querySelector<HTMLElement>('.locate-status');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const locateButton = form.querySelector<HTMLButtonElement>('[data-action="locate"]');
  if (!status || !submit) return;
  const say = (text: string) => (status.textContent = text);
  if (locateButton && locateStatus && 'geolocation' in navigator) {
    locateButton.hidden = false;
    locateButton.addEventListener('click', () => locate(form, (text) => (locateStatus.textContent = text)));
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send(form, submit, say);
  });
}
