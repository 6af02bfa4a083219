import { createHash } from 'node:crypto';
import { type MedicalTermsQuery, type MedicalTermsResponse, searchTerms, termName } from '@medical-qr/contracts';

/** The listed terms a query asks for, each named in the asked language. */
export function medicalTermsAnswer(query: MedicalTermsQuery): MedicalTermsResponse {
  const terms = searchTerms({
    search: query.search,
    category: query.category,
    language: query.lang,
    limit: query.limit,
  });
  return {
    terms: terms.map((term) => ({
      code: term.code,
      system: term.system,
      category: term.category,
      display: termName(term, query.lang),
    })),
  };
}

/** A strong ETag of the answer's bytes: the same query gives the same bytes until the list changes with a release. */
export function strongEtag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/**
 * Whether an `If-None-Match` header names the ETag (weakly, as RFC 9110 compares for GET, or `*`). Compared here, not
 * with Express's `req.fresh`, which refuses any request carrying `Cache-Control: no-cache`, as fetch() sends with
 * every conditional request: the origin revalidating is what no-cache asks for.
 */
export function namesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
