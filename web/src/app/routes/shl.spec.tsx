import { screen } from '@testing-library/react';
import { stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-with-providers';

let api: FetchStub | undefined;
afterEach(() => {
  api?.restore();
  api = undefined;
});

describe('/shl', () => {
  it('offers no Share in the header: the address holds the link’s key', async () => {
    api = stubFetch();
    renderApp('/shl#shlink:/not-a-link');
    expect(await screen.findByRole('heading', { level: 1, name: 'This page cannot open this link' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it('while other screens do', async () => {
    api = stubFetch();
    renderApp('/terms');
    await screen.findAllByRole('heading', { level: 1 });
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
  });
});
