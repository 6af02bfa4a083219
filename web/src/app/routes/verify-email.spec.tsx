import { jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import { stubFetch } from '../../../test/fetch-stub';
import { renderApp, screenLoaded } from '../../../test/render-with-providers';
import { browserLocation } from '../../lib/browser';

describe('verify-email page', () => {
  it('hands the token to the server, which redirects back to the login dialog', async () => {
    const api = stubFetch();
    const replace = jest.spyOn(browserLocation, 'replace').mockImplementation(() => undefined);
    renderApp('/verify-email/tok%20123');
    await screenLoaded();
    expect(screen.getByRole('heading', { name: 'Verifying your email' })).toBeTruthy();
    expect(replace).toHaveBeenCalledWith('/api/auth/verify-email/tok%20123');
    replace.mockRestore();
    api.restore();
  });
});
