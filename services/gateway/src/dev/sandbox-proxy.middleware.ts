import type { NextFunction, Request, Response } from 'express';

/**
 * In local and test runs, `/dev/mailbox` (and `.json`) on the app's own origin shows the mail the
 * local SMTP stand-in caught. Never mounted in production (the config refuses SANDBOX_URL there).
 */
export function sandboxProxy(sandboxUrl: string) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!/^\/dev\/mailbox(\.json)?$/.test(req.path)) return next();
    try {
      const upstream = await fetch(`${sandboxUrl}${req.originalUrl}`, {
        method: req.method === 'DELETE' ? 'DELETE' : 'GET',
        signal: AbortSignal.timeout(5000),
      });
      res.status(upstream.status);
      res.setHeader('content-type', upstream.headers.get('content-type') ?? 'text/plain');
      res.setHeader('cache-control', 'no-store');
      res.send(Buffer.from(await upstream.arrayBuffer()));
    } catch {
      res
        .status(503)
        .json({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'The local mailbox is not running.' });
    }
  };
}
