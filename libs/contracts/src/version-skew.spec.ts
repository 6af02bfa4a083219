import { z } from 'zod';
import { DurableEvents } from './events.js';
import { Queues } from './queues.js';

/** Where a schema refuses fields it does not know (a strict object), as JSON paths. */
function strictPlaces(schema: z.ZodType): string[] {
  const places: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${path}[${i}]`));
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (record.additionalProperties === false) places.push(path || '(root)');
    for (const [key, value] of Object.entries(record)) walk(value, path ? `${path}.${key}` : key);
  };
  walk(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), '');
  return places;
}

/**
 * During a rollout, old and new copies of a service run side by side: a job or an event a new one queued, an old one
 * may read, later, from Redis or a stream. So they are read leniently: a field the reader does not know is ignored,
 * never a reason to drop the job or the event (docs/decisions.md, "Two versions side by side"). Bus requests stay
 * strict: they are answered at once, and a new field is added optional, receiver first.
 */
describe('messages between processes tolerate a newer sender', () => {
  it.each(Object.values(Queues).map((queue) => [queue.name, queue.payload] as const))(
    "the %s queue's jobs accept fields they do not know",
    (_name, payload) => expect(strictPlaces(payload)).toEqual([]),
  );

  it.each(Object.values(DurableEvents).map((event) => [event.subject, event.schema] as const))(
    'the %s event accepts fields it does not know',
    (_subject, schema) => expect(strictPlaces(schema)).toEqual([]),
  );
});
