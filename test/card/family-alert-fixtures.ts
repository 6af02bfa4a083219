import { randomInt } from 'node:crypto';
import { signedInClient } from '../support/accounts.js';
import { baseUrl } from '../support/api.js';
import { eventually } from '../support/eventually.js';
import { subscribeWithCard } from '../support/stripe-payments.js';
import type { HttpClient } from '../support/http-client.js';
import { longRecord } from './card-fixtures.js';

/** A text the local SMS stand-in sent or received, as /dev/messages.json lists it (newest first). */
export interface Text {
  to: string;
  from: string;
  body: string;
  sentAt: string;
  direction: 'outbound' | 'inbound';
}

/** A US number of its own for each contact, so each test reads only its own texts. */
export const uniqueNumber = () => `+1202${String(randomInt(2_000_000, 9_999_999))}`;

export async function textsTo(number: string): Promise<Text[]> {
  const response = await fetch(`${baseUrl()}/dev/messages.json`);
  if (!response.ok) throw new Error(`/dev/messages.json answered ${response.status}`);
  return ((await response.json()) as Text[]).filter((text) => text.to === number && text.direction === 'outbound');
}

/** Waits until `number` was sent `count` texts (10 s at most); answers them, newest first. */
export function textsArrive(number: string, count = 1): Promise<Text[]> {
  return eventually(
    () => textsTo(number),
    (texts) => texts.length >= count,
    10_000,
  );
}

/** The "I'm on it" key in a contact's text. */
export const ackKeyIn = (body: string) => /\/f\/([A-Za-z0-9_-]+)/.exec(body)?.[1];

/** Premium, paid with the Stripe stand-in's test card: a free plan keeps one emergency contact. */
async function makePremium(client: HttpClient) {
  const { confirmation } = await subscribeWithCard(client);
  if (confirmation.status !== 200) throw new Error(`the premium payment answered ${confirmation.status}`);
  await client.post('/api/activate-premium', {});
  await eventually(async () => (await client.get('/api/premium/status')).body.isPremium === true, Boolean);
}

/**
 * A signed-in owner with a card whose contacts have numbers of their own; the primary is the last one (texts go to
 * the primary first all the same). More than one contact makes the owner premium first.
 */
export async function ownerWithCard(contacts = 2) {
  const { client: owner, email } = await signedInClient('family-owner');
  if (contacts > 1) await makePremium(owner);
  const numbers = Array.from({ length: contacts }, uniqueNumber);
  const form = longRecord({
    firstName: 'Imogen',
    lastName: 'Thornbury',
    emergencyContacts: numbers.map((phone, index) => ({
      name: ['Bart Quist', 'Ana Vasquez', 'Dr Okonkwo'][index]!,
      phone,
      relationship: ['Brother', 'Mother', 'GP'][index]!,
      isPrimary: index === numbers.length - 1,
    })),
  });
  const created = await owner.post('/api/medical-records', form);
  if (created.status !== 200) throw new Error(`the record answered ${created.status}: ${JSON.stringify(created.body)}`);
  const { token } = created.body as { token: string };
  return { owner, email, token, numbers, primary: numbers.at(-1)!, other: numbers[0]! };
}
