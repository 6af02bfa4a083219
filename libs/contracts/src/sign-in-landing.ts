// What server redirects and the sign-in dialog share, without zod: the web's first script reads these (auth.ts has
// the schemas and re-exports them).

/** A local path to return to after a sign-in (at most 512 characters); anything else (another host, `//evil`) is not. */
export function isLocalRedirect(path: string): boolean {
  return path.length <= 512 && /^\/(?![/\\])[^\s]*$/.test(path);
}

/**
 * Why a server redirect sent the person back to the sign-in dialog (`/?login=true&error=<code>`). The URL carries only
 * the code and the dialog shows our own words for it: a link anyone can make must not put their text in our dialog.
 */
export const SignInErrors = {
  googleUnavailable: { code: 'google_unavailable', message: 'Google sign-in is not available right now.' },
  googleFailed: { code: 'google_failed', message: 'Google sign-in failed. Please try again.' },
  googleCancelled: { code: 'google_cancelled', message: 'Google sign-in was cancelled.' },
  googleExpired: {
    code: 'google_expired',
    message: 'Google sign-in expired or was started elsewhere. Please try again.',
  },
  googleUnconfirmed: { code: 'google_unconfirmed', message: 'Google did not confirm the sign-in. Please try again.' },
  googleEmailUnverified: {
    code: 'google_email_unverified',
    message: 'Google has not verified this email address, so it cannot be used to sign in.',
  },
  verificationLinkUsed: {
    code: 'verification_link_used',
    message: 'This verification link has expired or was already used. Request a new one from the sign-in dialog.',
  },
  verificationLinkFailed: { code: 'verification_link_failed', message: 'This verification link could not be used.' },
  unavailable: { code: 'unavailable', message: 'Sign-in is not available right now. Please try again in a moment.' },
  tooMany: { code: 'too_many', message: 'Too many attempts. Please wait a few minutes and try again.' },
} as const;
export type SignInError = (typeof SignInErrors)[keyof typeof SignInErrors];
/** What the dialog says for a code it does not know (an old link, or one somebody made up). */
export const UNKNOWN_SIGN_IN_ERROR = 'Sign-in did not complete. Please try again.';

/** Our words for a sign-in error code from the URL; any other text is never shown. */
export function signInErrorMessage(code: string): string {
  return Object.values(SignInErrors).find((error) => error.code === code)?.message ?? UNKNOWN_SIGN_IN_ERROR;
}

/**
 * What server redirects tell the page they land on. `?verified=1` after a verification link, `?verified=already` when
 * the link was followed again for an account already verified. Short-lived cookies, read once and removed by the web,
 * carry the confirmed address (an email never travels in a URL) and, after a Google sign-in, whether the person is new
 * (`new`) or returning (`back`), so the return path stays exactly the one asked for.
 */
/**
 * A cookie the page may read (unlike the session's own), set beside the session cookie at every sign-in with the same
 * lifetime and dropped at sign-out: a browser without it has no session, so the web does not ask "who is signed in?"
 * (whose 401 every signed-out page would log). It says nothing but "1"; the session decides everything.
 */
export const SESSION_HINT_COOKIE = 'mqr.signed-in';

export const SignInLanding = {
  verifiedKey: 'verified',
  verified: '1',
  alreadyVerified: 'already',
  emailHintCookie: 'mqr.signin-email',
  welcomeCookie: 'mqr.welcome',
  welcomeNew: 'new',
  welcomeBack: 'back',
  hintMaxAgeSeconds: 300,
} as const;
