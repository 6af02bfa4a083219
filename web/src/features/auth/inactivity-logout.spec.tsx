import { jest } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
import { aUser, errorReply, stubFetch, type FetchStub, type StubHandler } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-with-providers';
import { advance } from '../../../test/timers';
import { browserLocation } from '../../lib/browser';
import { STORAGE_KEYS } from '../../lib/storage';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** Long enough for the signed-in user to arrive (store updates wait for an animation frame). */
const LOAD = 100;
let api: FetchStub;

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  api?.restore();
});

/** Records the audit call, the logout call and the redirect in one list, in the order they happen. */
function setup(routes: Record<string, StubHandler> = {}, user: ReturnType<typeof aUser> | null = aUser()) {
  const events: string[] = [];
  api = stubFetch({
    ...(user ? { 'GET /api/auth/user': { body: user } } : {}),
    'POST /api/audit/session-timeout': () => {
      events.push('audit');
      return { status: 204 };
    },
    'POST /api/auth/logout': () => {
      events.push('logout');
      return { body: { message: 'Logged out' } };
    },
    ...routes,
  });
  jest.spyOn(browserLocation, 'assign').mockImplementation((href) => void events.push(`go ${href}`));
  return { events, ...renderApp('/') };
}

describe('inactivity logout', () => {
  it('after 15 quiet minutes: audit, then logout, then home with timeout=inactivity', async () => {
    const { events } = setup();
    await advance(LOAD);
    expect(screen.getAllByText('Hi, Ada!').length).toBeGreaterThan(0);
    expect(localStorage.getItem(STORAGE_KEYS.user)).not.toBeNull();

    await advance(15 * MINUTE - SECOND);
    expect(events).toEqual([]);
    await advance(SECOND);
    expect(events).toEqual(['audit', 'logout', 'go /?timeout=inactivity']);
    expect(api.callsTo('POST /api/audit/session-timeout')[0]?.body).toEqual({
      action: 'session_auto_logout',
      reason: 'inactivity_timeout',
    });
    expect(api.callsTo('POST /api/auth/logout')[0]?.body).toBeUndefined();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('starts over on activity', async () => {
    const { events } = setup();
    await advance(LOAD);
    for (const event of ['mouseMove', 'keyPress', 'click', 'mouseDown', 'touchStart', 'scroll'] as const) {
      await advance(10 * MINUTE);
      fireEvent[event](document);
    }
    await advance(15 * MINUTE - SECOND);
    expect(events).toEqual([]);
    await advance(SECOND);
    expect(events).toEqual(['audit', 'logout', 'go /?timeout=inactivity']);
  });

  it('counts activity at most once a second', async () => {
    const { events } = setup();
    await advance(LOAD);
    await advance(5 * MINUTE);
    fireEvent.mouseMove(document);
    await advance(500);
    fireEvent.mouseMove(document); // within the same second: ignored
    await advance(15 * MINUTE - 500 - 250);
    expect(events).toEqual([]);
    await advance(250 + 100);
    // Had the second move counted, the countdown would still have 400 ms to go.
    expect(events).toEqual(['audit', 'logout', 'go /?timeout=inactivity']);
  });

  it('goes home even when the audit and logout calls fail, logging both', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { events } = setup({
      'POST /api/audit/session-timeout': () => {
        events.push('audit');
        return errorReply(500, 'Something went wrong', { code: 'INTERNAL' });
      },
      'POST /api/auth/logout': () => {
        events.push('logout');
        return errorReply(503, 'Unavailable', { code: 'SERVICE_UNAVAILABLE' });
      },
    });
    await advance(LOAD);
    await advance(15 * MINUTE);
    expect(events).toEqual(['audit', 'logout', 'go /?timeout=inactivity']);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('leaves signed-out visitors alone', async () => {
    const { events } = setup({}, null);
    await advance(LOAD);
    await advance(60 * MINUTE);
    expect(events).toEqual([]);
    expect(api.requests()).toEqual([]);
  });
});
