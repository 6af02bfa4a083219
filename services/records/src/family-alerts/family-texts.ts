import { type AlertPlace, cardTexts, type ResponderLanguage, type ResponderNote } from '@medical-qr/contracts';

/** Degrees to 5 decimals: about a metre, all a phone's position is good for. */
const coordinate = (value: number) => value.toFixed(5);

/**
 * A place as a link anyone's phone opens: OpenStreetMap centred on a marker for coordinates (nothing is fetched from
 * the map on our side); a typed place as typed.
 */
export function placeText(place: AlertPlace): string {
  if ('text' in place) return place.text;
  const [lat, lon] = [coordinate(place.latitude), coordinate(place.longitude)];
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}

export interface FamilyTextInput {
  /** The language the owner writes in: their family reads it. */
  language: ResponderLanguage;
  /** Whom the card is of, as the owner wrote it. */
  personName: string;
  note: ResponderNote;
  /** This contact's own "I'm on it" link. */
  ackUrl: string;
  /** 1 for the first text, 2 for the one sent when nobody answered in time. */
  round: number;
}

/** The text a contact gets: who, what the responder wrote (only what they wrote), the link to answer, and STOP. */
export function familyText({ language, personName, note, ackUrl, round }: FamilyTextInput): string {
  const texts = cardTexts(language);
  const lines = [texts.t(round > 1 ? 'familyTextAgain' : 'familyTextIntro', { name: personName })];
  if (note.responderName) lines.push(texts.t('familyTextFrom', { name: note.responderName }));
  if (note.message) lines.push(texts.t('familyTextMessage', { message: note.message }));
  if (note.callbackNumber) lines.push(texts.t('familyTextCallback', { number: note.callbackNumber }));
  if (note.place) lines.push(texts.t('familyTextPlace', { place: placeText(note.place) }));
  lines.push(texts.t('familyTextAck', { url: ackUrl }), texts.t('familyTextStop'));
  return lines.join('\n');
}
