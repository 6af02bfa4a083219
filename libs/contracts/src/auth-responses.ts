import { z } from 'zod';
import { currentUserSchema } from './current-user.js';

/** What the account endpoints answer; the OpenAPI document is generated from these. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const loginResponseSchema = z.object({
  message: z.string(),
  user: currentUserSchema,
  /** True on the account's first sign-in (the web greets a newcomer, and welcomes back everyone else). */
  firstSignIn: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const registerResponseSchema = loginResponseSchema.extend({ requiresVerification: z.boolean() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** A reset link that can still be used (an unusable one answers 410). */
export const resetLinkStatusSchema = z.object({ valid: z.literal(true) });
export type ResetLinkStatus = z.infer<typeof resetLinkStatusSchema>;

export const reauthResponseSchema = z.object({
  verified: z.literal(true),
  /** ISO time until which destructive privacy actions are allowed. */
  reauthenticatedUntil: z.iso.datetime(),
});
export type ReauthResponse = z.infer<typeof reauthResponseSchema>;
