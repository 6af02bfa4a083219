/**
 * Runs `step(limit)` until a batch handles fewer than `limit` rows (the last one); answers how many were handled
 * in all. For start-up work over old rows (sealing what was stored in clear) that must not hold one huge transaction.
 */
export async function inBatches(step: (limit: number) => Promise<number>, limit = 500): Promise<number> {
  let total = 0;
  for (let count = limit; count === limit; total += count) count = await step(limit);
  return total;
}
