import { z } from 'zod';

/** The account as identity describes it. */
export const publicUserSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  createdAt: z.iso.datetime(),
  isTemporary: z.boolean(),
  isAuthenticated: z.literal(true),
  emailVerified: z.boolean(),
  /** False for accounts that sign in with Google only (they re-authenticate through Google). */
  hasPassword: z.boolean(),
  hasGoogle: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** How the current session was signed in. */
export const AUTH_METHODS = ['password', 'google', 'demo'] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];

/**
 * The signed-in user as the gateway answers it: from sign-in, registration, demo sign-in, Google
 * sign-in and `GET /api/auth/user` alike, so the web never asks again just to learn a field.
 * `isPremium` comes from billing, the one source of premium truth.
 */
export const currentUserSchema = publicUserSchema.extend({
  isPremium: z.boolean(),
  authMethod: z.enum(AUTH_METHODS),
  /** ISO time until which destructive privacy actions are allowed, or null. */
  reauthenticatedUntil: z.iso.datetime().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
