import { inBatches } from './in-batches.js';

describe('inBatches', () => {
  it('asks again while a batch is full, stops at the first short one, and counts every row', async () => {
    const left = [3, 3, 2];
    const asked: number[] = [];
    const total = await inBatches(async (limit) => {
      asked.push(limit);
      return left.shift() ?? 0;
    }, 3);
    expect({ total, asked }).toEqual({ total: 8, asked: [3, 3, 3] });
  });

  it('asks once when there is nothing to do', async () => {
    let calls = 0;
    expect(await inBatches(async () => (calls++, 0))).toBe(0);
    expect(calls).toBe(1);
  });
});
