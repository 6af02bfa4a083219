import { act, screen, within } from '@testing-library/react';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { aUser, stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { aHealthLink, linksReply } from '../../../test/health-link-fixtures';
import { renderApp } from '../../../test/render-with-providers';

let api: FetchStub | undefined;

beforeEach(() => FakeWebSocket.reset());

afterEach(() => {
  api?.restore();
  api = undefined;
});

describe('/my-account: health links', () => {
  it('comes first on the page, and shows a new reader when a health_link_opened push comes', async () => {
    const link = aHealthLink({ label: 'Ward 4' });
    let current = link;
    api = stubFetch({ 'GET /api/auth/user': { body: aUser() }, 'GET /api/health-links': () => linksReply(current) });
    renderApp('/my-account');
    const panel = await screen.findByRole('region', { name: 'Share with a hospital' });
    const account = screen.getByRole('heading', { name: 'Account information' });
    expect(panel.compareDocumentPosition(account) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await within(panel).findByText('Not opened yet')).toBeTruthy();

    current = aHealthLink({
      ...link,
      accessCount: 1,
      accesses: [{ at: new Date().toISOString(), recipient: 'St Mary’s A&E, Dr Patel' }],
    });
    const socket = FakeWebSocket.latest()!;
    act(() => {
      socket.open();
      socket.receive({ type: 'health_link_opened', linkId: link.id });
    });
    expect(await within(panel).findByText('St Mary’s A&E, Dr Patel')).toBeTruthy();
    expect(within(panel).getByText('Opened 1 time')).toBeTruthy();
    expect(api.callsTo('GET /api/health-links')).toHaveLength(2);
  });
});
