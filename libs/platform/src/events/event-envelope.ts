import { randomUUID } from 'node:crypto';
import {
  eventEnvelopeSchema,
  eventIdSchema,
  type DurableEvent,
  type DurableEventData,
  type EventEnvelope,
} from '@medical-qr/contracts';

/** What a handler learns about the event besides its data. */
export interface EventContext {
  /** The event's id: handlers record it with their effect to act once per event. */
  id: string;
  /** The event's subject as declared in contracts (without the namespace). */
  subject: string;
  occurredAt: string;
}

export type DecodedEvent<E extends DurableEvent> =
  { ok: true; data: DurableEventData<E>; context: EventContext } | { ok: false; eventId?: string; problem: string };

/** Validates the data against the event's schema (a producer's bug fails here, not at every consumer). */
export function encodeEvent<E extends DurableEvent>(event: E, data: DurableEventData<E>, id?: string): EventEnvelope {
  return {
    id: id === undefined ? randomUUID() : eventIdSchema.parse(id),
    occurredAt: new Date().toISOString(),
    version: event.version,
    data: event.schema.parse(data),
  };
}

/** Reads an envelope and its data; says what was wrong (field paths only, never values) when it cannot. */
export function decodeEvent<E extends DurableEvent>(event: E, bytes: Uint8Array): DecodedEvent<E> {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    return { ok: false, problem: 'not JSON' };
  }
  const envelope = eventEnvelopeSchema.safeParse(json);
  if (!envelope.success) return { ok: false, problem: `bad envelope at ${paths(envelope.error.issues)}` };
  const data = event.schema.safeParse(envelope.data.data);
  if (!data.success) {
    const { id, version } = envelope.data;
    const writer =
      version === event.version ? '' : ` (written with version ${version}, this reader has ${event.version})`;
    return { ok: false, eventId: id, problem: `bad data at ${paths(data.error.issues)}${writer}` };
  }
  const { id, occurredAt } = envelope.data;
  return { ok: true, data: data.data as DurableEventData<E>, context: { id, subject: event.subject, occurredAt } };
}

function paths(issues: ReadonlyArray<{ path: PropertyKey[] }>): string {
  return issues.map((issue) => issue.path.map(String).join('.') || '(root)').join(', ');
}
