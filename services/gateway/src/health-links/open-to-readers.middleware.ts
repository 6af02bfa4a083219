import type { NextFunction, Request, Response } from 'express';

/**
 * Headers every SMART Health Links answer carries, refusals included (a limit's 429 from a guard too, hence a
 * middleware): any site may read it (no credentials are ever asked for), nothing stores it, nothing refers onward.
 */
export function openToReaders(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  // The app's same-origin default is for its own pages; these answers are meant for any site.
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
  next();
}
