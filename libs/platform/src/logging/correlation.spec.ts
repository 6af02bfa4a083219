import { acceptOrCreateRequestId, currentRequestId, runWithRequestId } from './correlation.js';

describe('request ids', () => {
  it('keeps a plain incoming id and replaces anything else', () => {
    expect(acceptOrCreateRequestId('abc-123-def-456')).toBe('abc-123-def-456');
    for (const bad of [
      undefined,
      '',
      'short',
      'x'.repeat(65),
      'has space in it',
      'new\nline-injected',
      ['a-list-id-123'],
    ]) {
      expect(acceptOrCreateRequestId(bad)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    }
  });

  it('is visible to everything a request does, including later async work', async () => {
    expect(currentRequestId()).toBeUndefined();
    const seen = await runWithRequestId('req-00000001', async () => {
      await new Promise((r) => setTimeout(r, 5));
      return currentRequestId();
    });
    expect(seen).toBe('req-00000001');
  });
});
