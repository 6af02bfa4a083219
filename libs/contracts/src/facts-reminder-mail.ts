import { z } from 'zod';
import { CODE_LABEL_MAX_LENGTH } from './records.js';

/**
 * The reminder mailed to a code's owner when its facts have gone unchecked for FACTS_REMINDER_DAYS (records' sweep
 * decides when; identity owns mail and finds the address). No medical fact is in it: which code, when it was last
 * checked, and the app's page where the signed-in owner looks the facts over and confirms them.
 */
export const factsReminderMailRequestSchema = z.strictObject({
  userId: z.uuid(),
  /**
   * One lapse of one code's check, `<record id>-<check time in ms>`: identity mails a reminder id once, however often
   * it is asked (a sweep retried after identity queued the mail). Letters, digits, `-` and `_`, as it becomes a job id.
   */
  reminderId: z.string().regex(/^[A-Za-z0-9_-]{8,140}$/, 'letters, digits, - and _ only (8 to 140)'),
  /** The owner's name for the code ("Sam (child)"); '' when unnamed. */
  label: z.string().max(CODE_LABEL_MAX_LENGTH),
  factsCheckedAt: z.iso.datetime(),
  /** The app's page where the owner confirms; opening it changes nothing (confirming is the owner's own click). */
  confirmUrl: z.url().max(400),
});
export type FactsReminderMailRequest = z.infer<typeof factsReminderMailRequestSchema>;
