/**
 * Browser APIs jsdom lacks but react-router, Radix UI and the theme code use. Imported first by
 * the render helpers, so every component test gets them without a jest setup file.
 */
import { TextDecoder, TextEncoder } from 'node:util';
import { FakeWebSocket } from './fake-web-socket';

globalThis.TextEncoder ??= TextEncoder;
globalThis.TextDecoder ??= TextDecoder;

const mediaListeners = new Set<(event: MediaQueryListEvent) => void>();
let prefersDark = false;

/** Makes `(prefers-color-scheme: dark)` match (or not) and tells the listeners. */
export function setSystemDarkMode(dark: boolean): void {
  prefersDark = dark;
  for (const listener of mediaListeners) listener({ matches: dark } as MediaQueryListEvent);
}

if (typeof window !== 'undefined') {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      get matches() {
        return query.includes('prefers-color-scheme: dark') ? prefersDark : false;
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => mediaListeners.add(listener),
      removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
        mediaListeners.delete(listener),
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;

  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.assign(window, { ResizeObserver: ResizeObserverStub });
  }

  const elementProto = window.HTMLElement.prototype as unknown as Record<string, unknown>;
  elementProto.scrollIntoView ??= () => undefined;
  elementProto.hasPointerCapture ??= () => false;
  elementProto.releasePointerCapture ??= () => undefined;
  elementProto.setPointerCapture ??= () => undefined;
  window.scrollTo = () => undefined;

  // Signed-in screens open the live socket; in tests it goes nowhere until a test drives it.
  Object.assign(window, { WebSocket: FakeWebSocket });
  Object.assign(globalThis, { WebSocket: FakeWebSocket });

  // The data router builds a Request per navigation; it only reads url, method, signal and headers.
  if (!('Request' in globalThis)) {
    class RequestStub {
      readonly url: string;
      readonly method: string;
      readonly signal: AbortSignal;
      readonly headers: Headers;
      constructor(input: string | URL, init: RequestInit = {}) {
        this.url = new URL(String(input), window.location.href).href;
        this.method = (init.method ?? 'GET').toUpperCase();
        this.signal = init.signal ?? new AbortController().signal;
        this.headers = new Headers(init.headers);
      }
    }
    Object.assign(globalThis, { Request: RequestStub });
  }

  // jsdom has no fetch API; tests stub fetch (test/fetch-stub.ts) and answer with these.
  if (!('Response' in globalThis)) {
    class ResponseStub {
      readonly status: number;
      readonly statusText: string;
      readonly ok: boolean;
      readonly headers: Headers;
      readonly #body: string;
      constructor(body?: string | null, init: ResponseInit = {}) {
        this.status = init.status ?? 200;
        this.statusText = init.statusText ?? '';
        this.ok = this.status >= 200 && this.status < 300;
        this.headers = new Headers(init.headers);
        this.#body = body ?? '';
      }
      async text() {
        return this.#body;
      }
      async json() {
        return JSON.parse(this.#body) as unknown;
      }
      async blob() {
        return new Blob([this.#body]);
      }
    }
    Object.assign(globalThis, { Response: ResponseStub });
  }
}
