const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** Reads a lifetime such as `2d`, `10d`, `12h`, `30m` or `5s`; undefined when it is not one. */
export function parseLifetime(value: string): number | undefined {
  const match = /^(\d{1,6})([smhd])$/.exec(value.trim());
  if (!match) return undefined;
  const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  return ms > 0 ? ms : undefined;
}

/** A code is expired once its expiry time has come, whatever the expiry jobs did. */
export function isExpired(expiresAt: Date | null, now = new Date()): boolean {
  return expiresAt !== null && expiresAt.getTime() <= now.getTime();
}
