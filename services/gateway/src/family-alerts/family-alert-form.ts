import type { Request } from 'express';
import { type FamilyAlertBody, familyAlertBodySchema, familyAlertFormSchema } from '@medical-qr/contracts';
import { parseOrThrow } from '@medical-qr/platform';

/** A plain form's post (the card without a script), as opposed to the script's JSON. */
export function isFormPost(req: Request): boolean {
  return req.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded';
}

/** The alert a responder sent, from the script's JSON or the plain form; a 400 that names the field otherwise. */
export function familyAlertOf(req: Request): FamilyAlertBody {
  return parseOrThrow(isFormPost(req) ? familyAlertFormSchema : familyAlertBodySchema, req.body ?? {});
}
