import { escapeHtml } from '../html.js';

export const DEFAULT_IDENTITY = { email: 'jordan.lee@example.com', givenName: 'Jordan', familyName: 'Lee' };

/** The fields the consent form carries through to its POST, unchanged. */
export interface AuthRequest {
  clientId: string;
  redirectUri: string;
  scope: string;
  state?: string;
  nonce?: string;
}

const hidden = (name: string, value: string | undefined) =>
  value === undefined ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

export function renderConsentPage(
  request: AuthRequest,
  fields: { email: string; givenName: string; familyName: string },
  problem?: string,
): string {
  const destination = new URL(request.redirectUri).host;
  return `<div class="brand"><span class="dot" aria-hidden="true"></span>Google Accounts · local stand-in</div>
<div class="card">
<h1>Sign in with Google (local stand-in)</h1>
<p class="muted">to continue to <strong>${escapeHtml(destination)}</strong></p>
<p class="banner">No Google account is involved: type any email and name. The app receives them as if Google had verified them.</p>
${problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : ''}
<!-- Continue comes first so that Enter in a field continues; the stylesheet shows Cancel on the left. -->
<form class="stack" method="post" action="/o/oauth2/v2/auth">
${hidden('client_id', request.clientId)}${hidden('redirect_uri', request.redirectUri)}${hidden('scope', request.scope)}${hidden('state', request.state)}${hidden('nonce', request.nonce)}
<label>Email<input type="email" name="email" value="${escapeHtml(fields.email)}" required maxlength="254" autocomplete="email" inputmode="email" autocapitalize="off" spellcheck="false"></label>
<label>Given name<input type="text" name="given_name" value="${escapeHtml(fields.givenName)}" maxlength="100" autocomplete="given-name"></label>
<label>Family name<input type="text" name="family_name" value="${escapeHtml(fields.familyName)}" maxlength="100" autocomplete="family-name"></label>
<p class="muted">The app asked for: ${escapeHtml(request.scope)}</p>
<div class="buttons">
<button class="primary" type="submit" name="decision" value="allow">Continue</button>
<button type="submit" name="decision" value="cancel" formnovalidate>Cancel</button>
</div>
</form>
</div>`;
}

export function renderAuthErrorPage(error: string, description: string): string {
  return `<div class="brand"><span class="dot" aria-hidden="true"></span>Google Accounts · local stand-in</div>
<div class="card">
<h1>Sign in with Google (local stand-in)</h1>
<p class="error" role="alert">Access blocked: this request is invalid.</p>
<p><strong>Error 400: ${escapeHtml(error)}</strong></p>
<p>${escapeHtml(description)}</p>
<p class="muted">The app that sent you here built a sign-in request the stand-in (like Google) refuses. Check its GOOGLE_CLIENT_ID and callback URL.</p>
</div>`;
}
