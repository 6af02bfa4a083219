import { z } from 'zod';
import { RESPONDER_LANGUAGES } from './medical-terms/languages.js';
import { emergencyTokenSchema } from './records.js';

/**
 * "Tell their family" (step 17): whoever holds a card sends its emergency contacts a text with a message, a callback
 * number and a place; the owner is mailed and pushed; the first contact to answer "I'm on it" acknowledges it.
 */

/** A card sends at most this many alerts in FAMILY_ALERTS_PER_CARD_WINDOW_MS, however they are sent (card or SMS). */
export const FAMILY_ALERTS_PER_CARD = 3;
export const FAMILY_ALERTS_PER_CARD_WINDOW_MS = 10 * 60 * 1000;
/** One address sends at most this many alerts an hour, whichever cards they are for. */
export const FAMILY_ALERTS_PER_ADDRESS_PER_HOUR = 5;
/** Unacknowledged this long (FAMILY_ALERT_ESCALATE_MS sets it), the contacts are texted once more. */
export const FAMILY_ALERT_ESCALATE_DEFAULT_MS = 5 * 60 * 1000;
/** A responder's page asks for news this long at most; after that the owner's account still has it. */
export const FAMILY_ALERT_STATUS_POLL_MS = 5000;

export const FAMILY_ALERT_NAME_MAX = 80;
export const FAMILY_ALERT_MESSAGE_MAX = 500;
export const FAMILY_ALERT_PLACE_MAX = 200;

export const FamilyAlertMessages = {
  notFound: 'This alert does not exist or is no longer kept.',
  badCallback: 'must be a phone number: digits, spaces and dashes, with + and the country code if you like',
  badCoordinates: 'must be a place on Earth: latitude -90 to 90, longitude -180 to 180',
  noContacts: 'This card has no emergency contact to text.',
  cardLimit: 'This card has already sent 3 alerts in the last 10 minutes. Call the contacts instead.',
} as const;

/** Optional free text: trimmed, and empty reads as not given (a plain form posts every field). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .transform((value) => value || undefined)
    .optional();

/** A number to call the responder back on, as they typed it (only contacts and the owner ever see it). */
export const callbackNumberSchema = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .pipe(
    z
      .string()
      .regex(/^\+?[0-9][0-9 ().-]{4,30}$/, FamilyAlertMessages.badCallback)
      .refine((value) => value.replace(/\D/g, '').length >= 5, FamilyAlertMessages.badCallback)
      .optional(),
  )
  .optional();

export const coordinatesSchema = z.strictObject({
  latitude: z.number().min(-90, FamilyAlertMessages.badCoordinates).max(90, FamilyAlertMessages.badCoordinates),
  longitude: z.number().min(-180, FamilyAlertMessages.badCoordinates).max(180, FamilyAlertMessages.badCoordinates),
  /** The browser's estimate, in metres. */
  accuracyMeters: z.number().min(0).max(1_000_000).optional(),
});

/** Where the person is: the phone's position (shared on a tap) or a place typed by the responder. */
export const alertPlaceSchema = z.union([
  coordinatesSchema,
  z.strictObject({
    text: z.string().trim().min(1).max(FAMILY_ALERT_PLACE_MAX, `must be at most ${FAMILY_ALERT_PLACE_MAX} characters`),
  }),
]);
export type AlertPlace = z.infer<typeof alertPlaceSchema>;

/** `POST /api/emergency-card/{token}/family-alerts`: everything is optional; the alert says the card was used. */
export const familyAlertBodySchema = z.strictObject({
  responderName: optionalText(FAMILY_ALERT_NAME_MAX),
  callbackNumber: callbackNumberSchema,
  message: optionalText(FAMILY_ALERT_MESSAGE_MAX),
  place: alertPlaceSchema.optional(),
});
export type FamilyAlertBody = z.infer<typeof familyAlertBodySchema>;

/** A coordinate as a plain form posts it: a decimal number, or nothing. */
const formCoordinate = z
  .string()
  .trim()
  .max(32)
  .transform((value) => (value === '' ? undefined : Number(value)))
  .pipe(z.number({ error: FamilyAlertMessages.badCoordinates }).optional())
  .optional();

/**
 * The same alert posted by the card's plain form (no script): flat fields, a typed place, and the coordinates the
 * script fills in when it runs. `lang` keeps the responder's language for the page that answers.
 */
export const familyAlertFormSchema = z
  .object({
    responderName: z.string().optional(),
    callbackNumber: z.string().optional(),
    message: z.string().optional(),
    placeText: optionalText(FAMILY_ALERT_PLACE_MAX),
    latitude: formCoordinate,
    longitude: formCoordinate,
    accuracy: formCoordinate,
  })
  .transform(({ placeText, latitude, longitude, accuracy, ...rest }): z.input<typeof familyAlertBodySchema> => {
    if (latitude !== undefined && longitude !== undefined) {
      return {
        ...rest,
        place: { latitude, longitude, ...(accuracy === undefined ? {} : { accuracyMeters: accuracy }) },
      };
    }
    return placeText ? { ...rest, place: { text: placeText } } : rest;
  })
  .pipe(familyAlertBodySchema);

/** The responder's secret handle on the alert they sent: its status, without the numbers of anyone. */
export const alertStatusKeySchema = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'not an alert key');
/** A contact's own "I'm on it" link: one per contact per alert. */
export const alertAckKeySchema = alertStatusKeySchema;

const language = z.enum(RESPONDER_LANGUAGES);
const viewer = z.strictObject({ userAgent: z.string().max(512).default(''), ip: z.string().max(64).optional() });
const appUrl = z.url().max(200);

export const tellFamilyRequestSchema = z.strictObject({
  token: emergencyTokenSchema,
  alert: familyAlertBodySchema,
  /** The responder's language: their page answers in it. */
  language,
  viewer,
  appUrl,
});
export type TellFamilyRequest = z.infer<typeof tellFamilyRequestSchema>;

export const tellFamilyReplySchema = z.object({
  statusKey: alertStatusKeySchema,
  /** Contacts with a number that can be texted; the responder never sees whose. */
  contactsTexted: z.number().int().min(0),
});
export type TellFamilyReply = z.infer<typeof tellFamilyReplySchema>;

/** The reply to the card's script: what the records service answered, and what to tell the responder, in their language. */
export const tellFamilyAnswerSchema = tellFamilyReplySchema.extend({ said: z.string() });
export type TellFamilyAnswer = z.infer<typeof tellFamilyAnswerSchema>;

/** Who answered "I'm on it": a contact as the owner named them (never their number). */
export const acknowledgerSchema = z.object({ name: z.string(), relationship: z.string() });

export const FAMILY_ALERT_STATES = ['waiting', 'acknowledged', 'unanswered'] as const;
export type FamilyAlertState = (typeof FAMILY_ALERT_STATES)[number];

/** What the responder who sent it may know: how many were texted and whether one answered. */
export const familyAlertStatusSchema = z.object({
  contactsTexted: z.number().int().min(0),
  sentAt: z.iso.datetime(),
  state: z.enum(FAMILY_ALERT_STATES),
  acknowledgedBy: acknowledgerSchema.nullable(),
  acknowledgedAt: z.iso.datetime().nullable(),
});
export type FamilyAlertStatus = z.infer<typeof familyAlertStatusSchema>;

/** The status as the responder's page asks for it: with what to tell them, in the language they asked in. */
export const familyAlertStatusAnswerSchema = familyAlertStatusSchema.extend({ said: z.string() });

/** What the responder wrote, as the contacts and the owner read it. */
export const responderNoteSchema = z.object({
  responderName: z.string().optional(),
  callbackNumber: z.string().optional(),
  message: z.string().optional(),
  place: alertPlaceSchema.optional(),
  /** `card`: the form on the card; `sms`: a text of the printed reference (the callback is the sender's number). */
  source: z.enum(['card', 'sms']),
});
export type ResponderNote = z.infer<typeof responderNoteSchema>;

/** The page a contact's "I'm on it" link opens. */
export const familyAlertForContactSchema = familyAlertStatusSchema.extend({
  personName: z.string(),
  note: responderNoteSchema,
  /** This contact already said they are on it. */
  acknowledgedByYou: z.boolean(),
  /** The language the texts were written in (the owner's): the page answers in it. */
  language,
});
export type FamilyAlertForContact = z.infer<typeof familyAlertForContactSchema>;

/** One alert in its owner's account. */
export const ownerFamilyAlertSchema = familyAlertStatusSchema.extend({
  id: z.uuid(),
  recordId: z.uuid(),
  note: responderNoteSchema,
});
export type OwnerFamilyAlert = z.infer<typeof ownerFamilyAlertSchema>;

/** Alerts kept in an owner's account, newest first. */
export const FAMILY_ALERTS_LISTED = 20;
export const ownerFamilyAlertsSchema = z.object({ alerts: z.array(ownerFamilyAlertSchema) });

/** Published on `family-alert.changed`: an alert was sent, acknowledged or left unanswered; no personal data in it. */
export const familyAlertChangedSchema = z.object({
  userId: z.uuid(),
  alertId: z.uuid(),
  state: z.enum(FAMILY_ALERT_STATES),
});
export type FamilyAlertChanged = z.infer<typeof familyAlertChangedSchema>;

/**
 * An inbound text as the provider's webhook gave it (signature checked by the gateway): a STOP, a START, or a printed
 * reference asking for a card's first-minute facts.
 */
export const inboundSmsSchema = z.strictObject({
  messageSid: z.string().min(1).max(64),
  from: z.string().min(3).max(32),
  body: z.string().max(1600),
  /** ISO 3166 country of the sender's number, when the provider knows it (Twilio's FromCountry). */
  fromCountry: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  appUrl,
});
export type InboundSms = z.infer<typeof inboundSmsSchema>;

/** A provider's status callback for one text we sent. */
export const smsStatusSchema = z.strictObject({
  messageSid: z.string().min(1).max(64),
  status: z.string().min(1).max(32),
  errorCode: z.number().int().optional(),
});
export type SmsStatus = z.infer<typeof smsStatusSchema>;

/**
 * Records asks identity to mail an alert's owner (identity owns mail and finds the address): what the responder chose
 * to send, with the code's name. Once per alert id.
 */
export const familyAlertMailRequestSchema = z.strictObject({
  userId: z.uuid(),
  alertId: z.uuid(),
  /** The owner's name for the code ("Sam (child)"); '' when unnamed. */
  label: z.string().max(100),
  sentAt: z.iso.datetime(),
  note: responderNoteSchema,
  contactsTexted: z.number().int().min(0),
  /** The owner's page that lists the alert and whether a contact answered. */
  alertsUrl: z.url().max(400),
});
export type FamilyAlertMailRequest = z.infer<typeof familyAlertMailRequestSchema>;
