import type { Request } from 'express';

/** Who is asking, for rate limits and the audit log: the client IP and a short user agent. */
export function clientInfo(req: Request): { ip: string; userAgent: string | null } {
  return { ip: req.ip ?? 'unknown', userAgent: req.get('user-agent')?.slice(0, 300) ?? null };
}
