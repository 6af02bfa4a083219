import { bigint, boolean, integer, pgSchema, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

export const recordsSchema = pgSchema('records');

export const medicalRecords = recordsSchema.table('medical_records', {
  id: uuid('id').primaryKey(),
  /** Keyed hash of the token ({@link TokenIndex}): what a card is found by. */
  tokenIndex: text('token_index').notNull(),
  /** The token encrypted with the row id as context: what its QR and link are drawn from. */
  tokenCiphertext: text('token_ciphertext').notNull(),
  userId: uuid('user_id'),
  emailIndex: text('email_index').notNull(),
  /** Encrypted JSON of {@link RecordDetails}. */
  details: text('details').notNull(),
  /** The owner's name for the code, encrypted with `<id>/label` as context; null when unnamed. */
  labelCiphertext: text('label_ciphertext'),
  hasGivenConsent: boolean('has_given_consent').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  replacedAt: timestamp('replaced_at', { withTimezone: true }),
  lastAlertAt: timestamp('last_alert_at', { withTimezone: true }),
  /** When an anonymous code became its owner's (they verified its email); null otherwise. */
  claimedAt: timestamp('claimed_at', { withTimezone: true }),
  /** When whoever made an anonymous code proved its email (the mailed link); only then may it be claimed. */
  emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
  /** Raised by one on each save of the details; a save from an older version is refused (see RecordsService.update). */
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * When the owner last said the facts are right: a save of the details, or "These facts are still right". Null for a
   * code made before it existed, which reads as checked at its creation (factsCheckedAtOf).
   */
  factsCheckedAt: timestamp('facts_checked_at', { withTimezone: true }).defaultNow(),
  /** When the owner was mailed that the current check had lapsed; cleared by the next check, so one mail a lapse. */
  factsRemindedAt: timestamp('facts_reminded_at', { withTimezone: true }),
  /**
   * Keyed hash of the code's printed reference ({@link PrintedReferences}, its own purpose label): what a texted
   * reference finds it by. Null only for a code made before references, until ReferenceBackfill gives it one.
   */
  referenceIndex: text('reference_index'),
  /** The reference encrypted with `<id>/reference` as context: what the owner's screens and the printed items show. */
  referenceCiphertext: text('reference_ciphertext'),
});

export type MedicalRecordRow = typeof medicalRecords.$inferSelect;

/** The single-use link mailed with an anonymous code to prove its email (one per code; only its hash kept). */
export const anonymousCodeConfirmations = recordsSchema.table('anonymous_code_confirmations', {
  recordId: uuid('record_id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  /** The code's email index: how many links one address was sent. */
  emailIndex: text('email_index').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const emergencyContacts = recordsSchema.table('emergency_contacts', {
  id: uuid('id').primaryKey(),
  recordId: uuid('record_id').notNull(),
  position: smallint('position').notNull(),
  /** Encrypted JSON: name, phone, relationship. */
  details: text('details').notNull(),
  isPrimary: boolean('is_primary').notNull().default(false),
});

export type EmergencyContactRow = typeof emergencyContacts.$inferSelect;

export const scanEvents = recordsSchema.table('scan_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  recordId: uuid('record_id').notNull(),
  viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  viewer: text('viewer').notNull(),
  source: text('source', { enum: ['card', 'scanner'] }).notNull(),
});

/** A printed item's tag: its own token, resolved at scan time to the owner's current active record. */
export const printedTags = recordsSchema.table(
  'printed_tags',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    orderId: uuid('order_id').notNull(),
    itemIndex: integer('item_index').notNull(),
    /** Keyed hash of the tag's token ({@link TokenIndex}, the same key as the records'): what a scan finds it by. */
    tokenIndex: text('token_index').notNull(),
    /** The token encrypted with the row id as context: what its printed QR and listed link are drawn from. */
    tokenCiphertext: text('token_ciphertext').notNull(),
    /** Keyed hash of the tag's own printed reference, as a record's; null until ReferenceBackfill gives it one. */
    referenceIndex: text('reference_index'),
    /** The reference encrypted with `<id>/tag-reference` as context: what its print image and the owner's list show. */
    referenceCiphertext: text('reference_ciphertext'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [unique().on(table.orderId, table.itemIndex)],
);

export type PrintedTagRow = typeof printedTags.$inferSelect;

/** People who revoked their consent: none of their cards or tags open while they are here. */
export const consentWithdrawals = recordsSchema.table('consent_withdrawals', {
  userId: uuid('user_id').primaryKey(),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An alert sent with "Tell their family" (or by texting a printed reference); see migrations/0005. */
export const familyAlerts = recordsSchema.table('family_alerts', {
  id: uuid('id').primaryKey(),
  recordId: uuid('record_id').notNull(),
  userId: uuid('user_id'),
  /** SHA-256 of the responder's status key: the page that sent it asks by the key. */
  statusKeyHash: text('status_key_hash').notNull().unique(),
  /** Encrypted JSON of the responder's note (ResponderNote), with the alert's id as context. */
  note: text('note').notNull(),
  /** The language the contacts' texts are written in (the owner's). */
  language: text('language').notNull(),
  contactsTexted: smallint('contacts_texted').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  /** The position of the contact who said "I'm on it" first. */
  acknowledgedBy: smallint('acknowledged_by'),
  /** When the escalation found it unanswered and texted the contacts again. */
  unansweredAt: timestamp('unanswered_at', { withTimezone: true }),
});

export const familyAlertContacts = recordsSchema.table('family_alert_contacts', {
  alertId: uuid('alert_id').notNull(),
  position: smallint('position').notNull(),
  /** SHA-256 of the contact's "I'm on it" key. */
  ackKeyHash: text('ack_key_hash').notNull().unique(),
  /** Encrypted JSON: name, relationship, number (as texted), with `<alert id>/<position>` as context. */
  contact: text('contact').notNull(),
});

export const smsOutbox = recordsSchema.table('sms_outbox', {
  id: uuid('id').primaryKey(),
  alertId: uuid('alert_id'),
  /** The card whose facts a reply to a texted reference holds. */
  recordId: uuid('record_id'),
  position: smallint('position'),
  round: smallint('round'),
  purpose: text('purpose', { enum: ['family-alert', 'reference-reply'] }).notNull(),
  /** The number, encrypted with the row's id as context. */
  recipient: text('recipient').notNull(),
  /** Keyed hash of the number: opt-outs are found by it. */
  recipientIndex: text('recipient_index').notNull(),
  /** The words, encrypted with `<id>/body` as context. */
  body: text('body').notNull(),
  providerSid: text('provider_sid').unique(),
  status: text('status').notNull().default('queued'),
  errorCode: integer('error_code'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

export const smsOptOuts = recordsSchema.table('sms_opt_outs', {
  numberIndex: text('number_index').primaryKey(),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A text to the service's number that opened no card, by a keyed hash of its sender's number. */
export const smsReferenceMisses = recordsSchema.table('sms_reference_misses', {
  numberIndex: text('number_index').notNull(),
  missedAt: timestamp('missed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A SMART Health Link the owner made (step 18); see migrations/0006 and docs/decisions.md. */
export const healthLinks = recordsSchema.table('health_links', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  /** The record the file was written from (a long-term link moves to the owner's current one). */
  recordId: uuid('record_id').notNull(),
  recordVersion: integer('record_version').notNull(),
  /** SHA-256 of the link's random id: readers find it by the id, a dump does not give it. */
  manifestIdHash: text('manifest_id_hash').notNull().unique(),
  /** Encrypted, with the link's id as context. */
  label: text('label').notNull(),
  flag: text('flag').notNull(),
  /** scrypt of the passcode; null without one. */
  passcodeHash: text('passcode_hash'),
  /** Wrong passcodes it still takes; null without a passcode. */
  attemptsLeft: smallint('attempts_left'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /** The JWE only the link's key opens; '' once revoked. */
  file: text('file').notNull(),
  fileWrittenAt: timestamp('file_written_at', { withTimezone: true }).notNull(),
  /** A long-term link's key, encrypted under ENCRYPTION_KEYS, to write the file again; null otherwise. */
  wrappedKey: text('wrapped_key'),
  /** When its owner was last alerted of an access (at most once per SCAN_ALERT_INTERVAL_MS). */
  alertedAt: timestamp('alerted_at', { withTimezone: true }),
});

export const healthLinkAccesses = recordsSchema.table('health_link_accesses', {
  id: uuid('id').primaryKey(),
  linkId: uuid('link_id').notNull(),
  accessedAt: timestamp('accessed_at', { withTimezone: true }).notNull().defaultNow(),
  /** Who the reader said it was, encrypted with the access's id as context. */
  recipient: text('recipient').notNull(),
});

export const healthLinkTickets = recordsSchema.table('health_link_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  linkId: uuid('link_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
