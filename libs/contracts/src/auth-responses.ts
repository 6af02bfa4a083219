import { z } from 'zod';
import { currentUserSchema } from './current-user.js';

/** What the account endpoints answer; the OpenAPI document is generated from these. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const loginResponseSchema = z.object({ message: z.string(), user: currentUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const registerResponseSchema = loginResponseSchema.extend({ requiresVerification: z.boolean() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const reauthResponseSchema = z.object({
  verified: z.literal(true),
  /** ISO time until which destructive privacy actions are allowed. */
  reauthenticatedUntil: z.iso.datetime(),
});
export type ReauthResponse = z.infer<typeof reauthResponseSchema>;
