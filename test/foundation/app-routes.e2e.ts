import { api } from '../support/api.js';

describe('paths of the web app', () => {
  it('answers 200 for the screens that exist and 404, with the app page, for any other path', async () => {
    for (const path of ['/', '/expired', '/reset-password/some-token', '/?login=true']) {
      const answer = await api(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
    }
    for (const path of ['/nope', '/expired/later', '/index.html', '/wp-admin/setup.php', '/%E0%A4%A']) {
      const answer = await api(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      // The not-found page is the app's own (it renders "Page not found"), not a bare text.
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(String(answer.body)).toContain('<div id="root"></div>');
      expect(answer.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves robots.txt as a real file: the landing page allowed; cards, the API and one-time links not', async () => {
    const robots = await api('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    const rules = String(robots.body)
      .split('\n')
      .filter((line) => /^(User-agent|Allow|Disallow):/.test(line));
    expect(rules).toEqual([
      'User-agent: *',
      'Allow: /',
      'Disallow: /emergency/',
      'Disallow: /api/',
      'Disallow: /reset-password/',
      'Disallow: /verify-email/',
    ]);
  });
});
