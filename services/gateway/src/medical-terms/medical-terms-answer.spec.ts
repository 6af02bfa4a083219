import { medicalTermsAnswer, namesEtag, strongEtag } from './medical-terms-answer.js';

describe('the medical terms answer', () => {
  it('names the terms found in the asked language', () => {
    expect(medicalTermsAnswer({ search: 'pacem', category: 'device', lang: 'de', limit: 5 })).toEqual({
      terms: [{ code: '14106009', system: 'http://snomed.info/sct', category: 'device', display: 'Herzschrittmacher' }],
    });
  });

  it('tags the same bytes alike and other bytes otherwise', () => {
    expect(strongEtag('{"terms":[]}')).toBe(strongEtag('{"terms":[]}'));
    expect(strongEtag('{"terms":[]}')).not.toBe(strongEtag('{"terms":[1]}'));
    expect(strongEtag('x')).toMatch(/^"[\w-]{32}"$/);
  });

  it('reads If-None-Match as RFC 9110 does for a GET: any listed tag, weak or strong, or *', () => {
    const etag = strongEtag('x');
    expect(namesEtag(etag, etag)).toBe(true);
    expect(namesEtag(`"other", W/${etag}`, etag)).toBe(true);
    expect(namesEtag('*', etag)).toBe(true);
    expect(namesEtag('"other"', etag)).toBe(false);
    expect(namesEtag(undefined, etag)).toBe(false);
  });
});
