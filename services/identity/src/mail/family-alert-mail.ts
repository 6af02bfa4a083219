import type { AlertPlace, FamilyAlertMailRequest, MailJob } from '@medical-qr/contracts';
import { layout } from './mail-templates.js';

/** A place as the owner reads it: a map link for a position (OpenStreetMap), a typed place as typed. */
function placeLine(place: AlertPlace): string {
  if ('text' in place) return `Place: ${place.text}`;
  const [lat, lon] = [place.latitude.toFixed(5), place.longitude.toFixed(5)];
  return `Place: https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}

/**
 * To the owner of a card someone used "Tell their family" on (or texted the printed reference of): when, what the
 * responder chose to write, how many contacts were texted. The responder typed it to be sent; nothing else about them
 * is in it.
 */
export function familyAlertMail(
  to: string,
  firstName: string,
  alert: FamilyAlertMailRequest,
  messageId: string,
): MailJob {
  const code = alert.label ? `your Medical QR card “${alert.label}”` : 'your Medical QR card';
  const { note } = alert;
  const how =
    note.source === 'sms'
      ? `Someone texted the printed reference of ${code} on ${new Date(alert.sentAt).toUTCString()}.`
      : `Someone used “Tell their family” on ${code} on ${new Date(alert.sentAt).toUTCString()}.`;
  const said = [
    note.responderName ? `From: ${note.responderName}` : '',
    note.message ? `Message: ${note.message}` : '',
    note.callbackNumber ? `Call them back: ${note.callbackNumber}` : '',
    note.place ? placeLine(note.place) : '',
  ].filter(Boolean);
  const texted =
    alert.contactsTexted === 1
      ? 'We texted 1 of your emergency contacts.'
      : `We texted ${alert.contactsTexted} of your emergency contacts.`;
  return {
    messageId,
    to,
    subject: 'Someone used your emergency medical card to reach your family',
    ...layout(
      'Someone is telling your family',
      [`Hi ${firstName},`, how, ...(said.length ? [said.join('\n')] : []), texted],
      { label: 'See who answered', url: alert.alertsUrl },
      'Your account shows whether a contact answered “I’m on it”. If you are safe and did not expect this, someone may have your code.',
    ),
  };
}
