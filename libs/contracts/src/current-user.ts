import type { PublicUser } from './auth.js';

/** How the current session was signed in. */
export const AUTH_METHODS = ['password', 'google', 'demo'] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];

/**
 * The signed-in user as the gateway answers it: from sign-in, registration, demo sign-in, Google
 * sign-in and `GET /api/auth/user` alike, so the web never asks again just to learn a field.
 * `isPremium` comes from billing, the one source of premium truth.
 */
export interface CurrentUser extends PublicUser {
  isPremium: boolean;
  authMethod: AuthMethod;
  /** ISO time until which destructive privacy actions are allowed, or null. */
  reauthenticatedUntil: string | null;
}
