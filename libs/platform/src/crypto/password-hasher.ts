import { hash, verify } from '@node-rs/argon2';

/** OWASP's Argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const ARGON2_OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum, not importable under isolatedModules) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Argon2id hashing with a cap on how many run at once, so a flood of sign-ins queues up instead
 * of exhausting memory (each hash holds 19 MiB while it runs).
 */
export class PasswordHasher {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** A real hash of a random password, verified against when the account does not exist, so timing tells nothing. */
  private decoy?: Promise<string>;

  constructor(private readonly concurrency: number) {}

  hash(password: string): Promise<string> {
    return this.limited(() => hash(password, ARGON2_OPTIONS));
  }

  verify(passwordHash: string, password: string): Promise<boolean> {
    return this.limited(() => verify(passwordHash, password).catch(() => false));
  }

  /** Spends the same time as a real verification and always fails. */
  async verifyAgainstDecoy(password: string): Promise<false> {
    this.decoy ??= this.hash(`decoy-${Math.random()}`);
    await this.verify(await this.decoy, password);
    return false;
  }

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}
