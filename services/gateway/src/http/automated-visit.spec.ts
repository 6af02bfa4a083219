import { isAutomatedVisit } from './automated-visit.js';
import { AUTOMATED_AGENTS, PEOPLE_AGENTS } from './testing/visitor-agents.js';

const IPHONE = PEOPLE_AGENTS[0]!;

const visit = (userAgent: string, method = 'GET', headers: Record<string, string> = {}) =>
  isAutomatedVisit({ method, headers: { 'user-agent': userAgent, ...headers } });

describe('which card views are automated', () => {
  it.each(AUTOMATED_AGENTS)('a link preview, crawler or scanner: %s', (userAgent) => {
    expect(visit(userAgent)).toBe(true);
  });

  it.each(PEOPLE_AGENTS)('a person: %s', (userAgent) => {
    expect(visit(userAgent)).toBe(false);
  });

  it('counts a request without a user agent as a person (when in doubt, the owner hears of it)', () => {
    expect(isAutomatedVisit({ method: 'GET', headers: {} })).toBe(false);
    expect(visit('')).toBe(false);
  });

  it("takes a HEAD as automated, whoever's browser sends it", () => {
    expect(visit(IPHONE, 'HEAD')).toBe(true);
  });

  it.each([
    ['sec-purpose', 'prefetch'],
    ['sec-purpose', 'prefetch;prerender'],
    ['sec-purpose', 'prefetch;anonymous-client-ip'],
    ['purpose', 'prefetch'],
    ['x-purpose', 'preview'],
    ['x-moz', 'prefetch'],
  ])('takes a page fetched ahead of a click (%s: %s) as automated, from a real browser', (header, value) => {
    expect(visit(IPHONE, 'GET', { [header]: value })).toBe(true);
  });

  it("counts a person's navigation with a browser's ordinary headers", () => {
    const navigation = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-user': '?1' };
    expect(visit(IPHONE, 'GET', navigation)).toBe(false);
  });
});
