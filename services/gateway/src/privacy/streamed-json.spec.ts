import fc from 'fast-check';
import { StreamedList, StreamedObject, streamedJson } from './streamed-json.js';

async function text(value: unknown): Promise<string> {
  let out = '';
  for await (const piece of streamedJson(value)) out += piece;
  return out;
}

/** A list given in pages of `size`. */
const paged = (items: unknown[], size: number) =>
  new StreamedList(async function* () {
    for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
  });

describe('a JSON document written piece by piece', () => {
  it('is the text JSON.stringify(document, null, 2) writes whole', async () => {
    const records = [
      { id: 1, note: 'line\nbreak "quoted"', contacts: [{ name: 'A' }] },
      { id: 2, contacts: [] },
    ];
    const audit = Array.from({ length: 5 }, (_, n) => ({ at: n, ip: n % 2 ? null : '::1' }));
    const whole = {
      exportedAt: '2026-01-01T00:00:00.000Z',
      records: { records, scanLog: [], tags: [{ t: 1 }] },
      empty: {},
      privacy: { consentHistory: [], deletionRequest: null, auditLog: audit },
      summary: { entry: [[1, [2]], {}] },
    };
    const streamed = new StreamedObject({
      exportedAt: whole.exportedAt,
      records: new StreamedObject({ records: paged(records, 1), scanLog: paged([], 3), tags: paged([{ t: 1 }], 3) }),
      empty: new StreamedObject({}),
      left: undefined,
      privacy: new StreamedObject({ consentHistory: paged([], 2), deletionRequest: null, auditLog: paged(audit, 2) }),
      summary: whole.summary,
    });
    expect(await text(streamed)).toBe(JSON.stringify(whole, null, 2));
  });

  it('matches JSON.stringify for any values and any page size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.array(fc.jsonValue()),
        fc.integer({ min: 1, max: 4 }),
        async (head, items, size) => {
          const whole = { ...head, list: items, nested: { list: items } };
          const streamed = new StreamedObject({
            ...head,
            list: paged(items, size),
            nested: new StreamedObject({ list: paged(items, size) }),
          });
          expect(await text(streamed)).toBe(JSON.stringify(whole, null, 2));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('stops with the error of a page that fails, after what came before', async () => {
    const failing = new StreamedList(async function* () {
      yield [1];
      throw new Error('page 2 failed');
    });
    const pieces: string[] = [];
    await expect(
      (async () => {
        for await (const piece of streamedJson(new StreamedObject({ list: failing }))) pieces.push(piece);
      })(),
    ).rejects.toThrow('page 2 failed');
    expect(pieces.join('')).toBe('{\n  "list": [\n    1');
  });
});
