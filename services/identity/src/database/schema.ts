import { boolean, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const identitySchema = pgSchema('identity');

export const users = identitySchema.table('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Keyed hash of the lower-cased email (EmailIndex): what an account is found by. */
  emailIndex: text('email_index').notNull().unique(),
  /** The email encrypted with the row id as context. */
  emailCiphertext: text('email_ciphertext').notNull(),
  passwordHash: text('password_hash'),
  /** Encrypted. */
  firstName: text('first_name').notNull(),
  /** Encrypted. */
  lastName: text('last_name').notNull(),
  /** Encrypted. */
  phoneNumber: text('phone_number'),
  googleSub: text('google_sub').unique(),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  isTemporary: boolean('is_temporary').notNull().default(false),
  isDemo: boolean('is_demo').notNull().default(false),
  lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;

export const emailTokens = identitySchema.table('email_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type EmailTokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];
