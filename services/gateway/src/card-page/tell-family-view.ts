import {
  type AlertPlace,
  dialableNumber,
  EMERGENCY_CALL,
  FAMILY_ALERT_MESSAGE_MAX,
  FAMILY_ALERT_NAME_MAX,
  FAMILY_ALERT_PLACE_MAX,
  type FamilyAlertForContact,
  type FamilyAlertStatus,
  type LocalizedCardTexts,
} from '@medical-qr/contracts';
import { html, type SafeHtml } from './html.js';
import { icon } from './icons.js';

/** Where the card's form posts (JSON from the script, a plain form without one). */
export const familyAlertsPath = (token: string) => `/api/emergency-card/${encodeURIComponent(token)}/family-alerts`;
/** The responder's page for an alert they sent (no script: the form's post lands here). */
export const sentAlertPath = (statusKey: string) => `/told/${statusKey}`;
/** A contact's page, from the link in their text. */
export const contactAlertPath = (ackKey: string) => `/f/${ackKey}`;
export const ACKNOWLEDGE_PATH = '/api/family-alerts/acknowledge';

/**
 * "Tell their family", below the first-minute facts: closed until tapped, so the card reads as before. A plain form
 * that posts without a script (the place then typed); the card's script adds "Share my location" and answers in place.
 * What the script says comes with the page, in its language, or (how the alert went) with the server's answers.
 */
export function tellFamilyForm(action: string, texts: LocalizedCardTexts): SafeHtml {
  return html`<details class="tell-family panel">
    <summary class="button secondary tell-family-open">${icon('message')}${texts.t('tellFamily')}</summary>
    <form
      class="tell-family-form"
      method="post"
      action="${action}?lang=${texts.language}"
      data-locating="${texts.t('locating')}"
      data-location-shared="${texts.t('locationShared', { meters: '{{meters}}' })}"
      data-location-failed="${texts.t('locationFailed')}"
      data-sending="${texts.t('sendingAlert')}"
      data-not-sent="${texts.t('alertNotSent')}"
      data-limited="${texts.t('alertLimited')}"
    >
      <p class="tell-family-lead">${texts.t('tellFamilyLead')}</p>
      <label for="tf-message">${texts.t('alertMessage')}</label>
      <textarea
        id="tf-message"
        name="message"
        rows="2"
        maxlength="${FAMILY_ALERT_MESSAGE_MAX}"
        placeholder="${texts.t('alertMessageHint')}"
      ></textarea>
      <fieldset class="tell-family-place">
        <legend>${texts.t('alertPlace')}</legend>
        <button type="button" class="button secondary" data-action="locate" hidden>
          ${icon('globe')}${texts.t('shareLocation')}
        </button>
        <p class="locate-status" role="status"></p>
        <input type="hidden" name="latitude" value="" />
        <input type="hidden" name="longitude" value="" />
        <input type="hidden" name="accuracy" value="" />
        <input
          id="tf-place"
          name="placeText"
          maxlength="${FAMILY_ALERT_PLACE_MAX}"
          autocomplete="off"
          aria-label="${texts.t('alertPlace')}"
          placeholder="${texts.t('alertPlaceHint')}"
        />
      </fieldset>
      <label for="tf-callback">${texts.t('callbackNumber')}</label>
      <input id="tf-callback" name="callbackNumber" type="tel" inputmode="tel" autocomplete="tel" maxlength="32" />
      <label for="tf-name">${texts.t('responderName')}</label>
      <input id="tf-name" name="responderName" autocomplete="name" maxlength="${FAMILY_ALERT_NAME_MAX}" />
      <p class="tell-family-privacy">${texts.t('alertPrivacy')}</p>
      <button type="submit" class="button call">${icon('message')}${texts.t('sendAlert')}</button>
      <p class="tell-family-status" role="status" aria-live="polite"></p>
    </form>
  </details>`;
}

/** What a responder reads about an alert they sent: how many were texted, and who answered. */
export function alertStatusText(status: FamilyAlertStatus, texts: LocalizedCardTexts): string {
  const sent = texts.plural('alertSent', status.contactsTexted);
  if (status.acknowledgedBy) return `${sent} ${texts.t('alertAcknowledged', { name: status.acknowledgedBy.name })}`;
  return `${sent} ${texts.t(status.state === 'unanswered' ? 'alertUnanswered' : 'alertWaiting')}`;
}

/** How long the no-script status page waits before it asks again (a meta refresh), while nobody answered. */
const REFRESH_SECONDS = 15;

/** The responder's page after a plain form's post: the status, refreshed while waiting, and the way back. */
export function sentAlertView(status: FamilyAlertStatus, cardHref: string, texts: LocalizedCardTexts): SafeHtml {
  const waiting = status.state !== 'acknowledged';
  return html`${waiting ? html`<meta http-equiv="refresh" content="${REFRESH_SECONDS}" />` : ''}
    <article class="card alert-sent" aria-labelledby="alert-sent-title">
      <h1 class="refusal-title" id="alert-sent-title">${texts.t('alertSentTitle')}</h1>
      <p class="alert-status ${waiting ? '' : 'acknowledged'}" role="status">${alertStatusText(status, texts)}</p>
      <a class="button secondary" href="${cardHref}">${texts.t('backToCard')}</a>
      <footer class="card-footer">
        <p class="emergency-line">${texts.t('emergencyLead')}</p>
      </footer>
    </article>`;
}

/** A place as a contact opens it: a map for a position (OpenStreetMap), the words for a typed place. */
function placeView(place: AlertPlace, texts: LocalizedCardTexts): SafeHtml {
  if ('text' in place) return html`<p class="free-text">${texts.t('familyTextPlace', { place: place.text })}</p>`;
  const [lat, lon] = [place.latitude.toFixed(5), place.longitude.toFixed(5)];
  const map = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
  return html`<p>
      <a class="button secondary" href="${map}" rel="noreferrer">${icon('globe')}${texts.t('openMap')}</a>
    </p>
    <p class="place-coordinates" dir="ltr">${lat}, ${lon}</p>`;
}

/** The day in the reader's language and the time in UTC: the page cannot know the reader's time zone. */
function timeOf(iso: string) {
  const date = new Date(iso);
  return { date, time: date.toISOString().slice(11, 16) };
}

/**
 * The page a contact's text links to: who is being helped, what the responder wrote, a button to call them back, the
 * place, and "I'm on it" (a form post: a link preview that opens the page answers nothing).
 */
export function contactAlertView(alert: FamilyAlertForContact, ackKey: string, texts: LocalizedCardTexts): SafeHtml {
  const { note } = alert;
  const sent = timeOf(alert.sentAt);
  const answered = alert.acknowledgedByYou
    ? html`<p class="alert-status acknowledged" role="status">${texts.t('youAreOnIt', { name: alert.personName })}</p>`
    : alert.acknowledgedBy
      ? html`<p class="alert-status acknowledged" role="status">
          ${texts.t('someoneIsOnIt', { name: alert.acknowledgedBy.name })}
        </p>`
      : html`<form method="post" action="${ACKNOWLEDGE_PATH}">
          <input type="hidden" name="ackKey" value="${ackKey}" />
          <button type="submit" class="button call">${texts.t('imOnIt')}</button>
        </form>`;
  return html`<article class="card contact-alert" aria-labelledby="contact-alert-title">
    <h1 class="refusal-title" id="contact-alert-title">${texts.t('contactPageTitle', { name: alert.personName })}</h1>
    <p class="facts-checked">${texts.t('contactPageSent', { date: texts.longDate(sent.date), time: sent.time })}</p>
    ${answered}
    <section class="panel">
      ${note.responderName ? html`<p>${texts.t('familyTextFrom', { name: note.responderName })}</p>` : ''}
      ${note.message ? html`<p class="free-text">${note.message}</p>` : ''}
      ${!note.message && !note.responderName ? html`<p class="free-text none">${texts.t('contactPageNoNote')}</p>` : ''}
      ${
        note.callbackNumber
          ? html`<a class="button call" href="tel:${dialableNumber(note.callbackNumber)}"
              >${icon('phone')}${texts.t('callResponder', { number: note.callbackNumber })}</a
            >`
          : ''
      }
    </section>
    ${note.place ? html`<section class="panel">${placeView(note.place, texts)}</section>` : ''}
    <footer class="card-footer">
      <p class="emergency-line">${texts.t('emergencyLead')}</p>
      <a class="button secondary" href="tel:${EMERGENCY_CALL.number}">${texts.t('callEmergency')}</a>
    </footer>
  </article>`;
}
