import { LIVE_SESSION_ENDED_CLOSE, LIVE_SOCKET_PATH, type LiveMessage } from '@medical-qr/contracts';

/** SPEC section 9: the live socket retries at most 5 times, 1 s first, doubling each time. */
export const LIVE_SOCKET_RETRY = { baseDelayMs: 1000, maxRetries: 5 } as const;

/** How long to wait before retry number `retry` (1 to maxRetries): 1 s, 2 s, 4 s, 8 s, 16 s. */
export function retryDelay(retry: number): number {
  return LIVE_SOCKET_RETRY.baseDelayMs * 2 ** (retry - 1);
}

/** `/ws` on the page's own host: `wss:` when the page came over https, `ws:` otherwise. */
export function liveSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${LIVE_SOCKET_PATH}`;
}

export interface LiveSocketOptions {
  url: string;
  onMessage: (message: LiveMessage) => void;
  /** After a dropped connection came back: messages sent meanwhile were missed. */
  onReconnected?: () => void;
  /** Defaults to the browser's WebSocket, looked up at call time (tests replace it). */
  createSocket?: (url: string) => WebSocket;
}

export interface LiveSocketConnection {
  /** Closes the socket for good: no retry follows. */
  close(): void;
}

/**
 * A socket that receives the server's JSON pushes (SPEC section 7, "Live connection"). A dropped or refused
 * connection is retried with exponential backoff; after the last retry fails it stays closed (the page still works,
 * it only stops hearing about changes) until the browser comes back online. A connection that opens resets the count.
 */
export function openLiveSocket(options: LiveSocketOptions): LiveSocketConnection {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  let socket: WebSocket | null = null;
  let retries = 0;
  let hasConnected = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const connect = () => {
    retryTimer = undefined;
    const current = createSocket(options.url);
    socket = current;
    current.onopen = () => {
      if (hasConnected) options.onReconnected?.();
      hasConnected = true;
      retries = 0;
    };
    current.onmessage = (event: MessageEvent) => {
      const message = parseMessage(event.data);
      if (message) options.onMessage(message);
    };
    current.onclose = (event: CloseEvent) => {
      if (closed || socket !== current) return;
      socket = null;
      // The session ended (signed out elsewhere, erased): a new socket would be nobody's, and refreshing what it
      // announces would only meet 401s. The page learns of it at its next request.
      if (event.code === LIVE_SESSION_ENDED_CLOSE) return;
      scheduleRetry();
    };
  };

  const scheduleRetry = () => {
    if (retries >= LIVE_SOCKET_RETRY.maxRetries) {
      console.warn(`The live connection failed ${retries + 1} times in a row; live updates are off for now.`);
      return;
    }
    retries += 1;
    retryTimer = setTimeout(connect, retryDelay(retries));
  };

  // A browser back online after the retries ran out tries again, from the first delay.
  const onOnline = () => {
    if (closed || socket || retryTimer !== undefined) return;
    retries = 0;
    connect();
  };
  window.addEventListener('online', onOnline);

  connect();

  return {
    close() {
      closed = true;
      window.removeEventListener('online', onOnline);
      clearTimeout(retryTimer);
      retryTimer = undefined;
      const current = socket;
      socket = null;
      if (current && current.readyState < CLOSING) {
        current.close(1000, 'signed out');
      }
    },
  };
}

/** WebSocket.CLOSING: a socket at or past it needs no close(). */
const CLOSING = 2;

/** A message is a JSON object with a string `type`; anything else is ignored. */
function parseMessage(data: unknown): LiveMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as LiveMessage).type === 'string') {
      return parsed as LiveMessage;
    }
  } catch {
    // Not JSON: not ours.
  }
  return null;
}
