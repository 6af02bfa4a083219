import type { Request, Response } from 'express';
import { SignInLanding } from '@medical-qr/contracts';
import type { GatewayConfig } from '../config.js';

type Hint = typeof SignInLanding.emailHintCookie | typeof SignInLanding.welcomeCookie;

/**
 * What a server redirect tells the web page it lands on, in a short-lived cookie rather than the URL: the address a
 * verification link confirmed (a URL would keep it in browser history and proxy logs) and the welcome after a Google
 * sign-in (the return path stays the one asked for). The web reads each once and removes it, so they are not
 * HttpOnly; neither holds anything the person does not already know.
 */
export function setSignInHint(req: Request, res: Response, config: GatewayConfig, name: Hint, value: string): void {
  res.cookie(name, value, {
    httpOnly: false,
    sameSite: 'lax',
    secure: config.COOKIE_SECURE === 'auto' ? req.secure : config.COOKIE_SECURE === 'true',
    path: '/',
    maxAge: SignInLanding.hintMaxAgeSeconds * 1000,
  });
}
