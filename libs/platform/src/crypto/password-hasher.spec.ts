import { PasswordHasher } from './password-hasher.js';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher(2);

  it('hashes with Argon2id at 19 MiB, t=2, p=1 and verifies only the right password', async () => {
    const stored = await hasher.hash('correct horse');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored).not.toContain('correct horse');
    await expect(hasher.verify(stored, 'correct horse')).resolves.toBe(true);
    await expect(hasher.verify(stored, 'Correct horse')).resolves.toBe(false);
    await expect(hasher.verify('not a hash', 'x')).resolves.toBe(false);
    await expect(hasher.verifyAgainstDecoy('anything')).resolves.toBe(false);
  });

  it('never runs more hashes at once than its limit', async () => {
    let peak = 0;
    let now = 0;
    const limited = new PasswordHasher(2) as unknown as { limited<T>(work: () => Promise<T>): Promise<T> };
    await Promise.all(
      Array.from({ length: 8 }, () =>
        limited.limited(async () => {
          peak = Math.max(peak, ++now);
          await new Promise((r) => setTimeout(r, 10));
          now--;
        }),
      ),
    );
    expect(peak).toBe(2);
  });
});
