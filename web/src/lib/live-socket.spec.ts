import { jest } from '@jest/globals';
import { LIVE_SESSION_ENDED_CLOSE, type LiveMessage } from '@medical-qr/contracts';
import { FakeWebSocket } from '../../test/fake-web-socket';
import { LIVE_SOCKET_RETRY, liveSocketUrl, openLiveSocket, retryDelay } from './live-socket';

const open: Array<{ close(): void }> = [];

function connect(options: { onReconnected?: () => void } = {}) {
  const messages: LiveMessage[] = [];
  const connection = openLiveSocket({
    url: 'ws://medical-qr.test/ws',
    onMessage: (message) => messages.push(message),
    createSocket: (url) => new FakeWebSocket(url) as unknown as WebSocket,
    ...options,
  });
  open.push(connection);
  return { connection, messages };
}

const sockets = () => FakeWebSocket.instances.length;
const latest = () => FakeWebSocket.latest()!;

beforeEach(() => {
  FakeWebSocket.reset();
  jest.useFakeTimers();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  for (const connection of open.splice(0)) connection.close();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('the live socket', () => {
  it('connects to /ws on the page host, wss on https', () => {
    expect(liveSocketUrl({ protocol: 'https:', host: 'app.example:8443' })).toBe('wss://app.example:8443/ws');
    expect(liveSocketUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws');
  });

  it('hands on JSON messages with a type and ignores anything else', () => {
    const { messages } = connect();
    latest().open();
    latest().receive({ type: 'subscription_updated' });
    latest().receive('not json');
    latest().receive({ no: 'type' });
    latest().receive('[1,2]');
    expect(messages).toEqual([{ type: 'subscription_updated' }]);
  });

  it('retries after 1, 2, 4, 8 and 16 seconds, then gives up', () => {
    expect([1, 2, 3, 4, 5].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000]);
    connect();
    expect(sockets()).toBe(1);

    for (const delay of [1000, 2000, 4000, 8000, 16000]) {
      latest().drop();
      jest.advanceTimersByTime(delay - 1);
      const before = sockets();
      jest.advanceTimersByTime(1);
      expect(sockets()).toBe(before + 1);
    }
    expect(sockets()).toBe(1 + LIVE_SOCKET_RETRY.maxRetries);

    // The fifth retry fails too: no sixth.
    latest().drop();
    jest.advanceTimersByTime(10 * 60_000);
    expect(sockets()).toBe(6);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('live updates are off'));
  });

  it('starts counting again once a connection opens, and says it reconnected', () => {
    const onReconnected = jest.fn();
    connect({ onReconnected });
    latest().open();
    expect(onReconnected).not.toHaveBeenCalled();

    latest().drop();
    jest.advanceTimersByTime(1000);
    latest().drop();
    jest.advanceTimersByTime(2000);
    latest().open();
    expect(onReconnected).toHaveBeenCalledTimes(1);

    // A new outage starts from the first delay.
    latest().drop();
    const before = sockets();
    jest.advanceTimersByTime(1000);
    expect(sockets()).toBe(before + 1);
  });

  it('does not reconnect a socket whose session ended, nor say it reconnected', () => {
    const onReconnected = jest.fn();
    connect({ onReconnected });
    latest().open();
    latest().closeFromServer(LIVE_SESSION_ENDED_CLOSE);
    jest.advanceTimersByTime(60_000);
    expect(sockets()).toBe(1);
    expect(onReconnected).not.toHaveBeenCalled();
  });

  it('tries again when the browser comes back online after giving up', () => {
    connect();
    for (const delay of [1000, 2000, 4000, 8000, 16000]) {
      latest().drop();
      jest.advanceTimersByTime(delay);
    }
    latest().drop();
    expect(sockets()).toBe(6);
    window.dispatchEvent(new Event('online'));
    expect(sockets()).toBe(7);
  });

  it('closes for good on close(): no retry, no pending timer', () => {
    const { connection } = connect();
    latest().open();
    const socket = latest();
    connection.close();
    expect(socket.closedWith).toBe(1000);
    jest.advanceTimersByTime(60_000);
    expect(sockets()).toBe(1);

    // Closing while a retry waits cancels it.
    FakeWebSocket.reset();
    const second = connect();
    latest().drop();
    second.connection.close();
    jest.advanceTimersByTime(60_000);
    expect(sockets()).toBe(1);
  });
});
