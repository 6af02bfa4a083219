import { MOCKUP_SLIDER_DEBOUNCE_MS } from '@medical-qr/contracts';
import type { MockupRequest } from '../catalog-api';

export type MockupOutcome<T> = { request: MockupRequest; result: T } | { request: MockupRequest; error: unknown };

export interface MockupQueueOptions<T> {
  generate: (request: MockupRequest) => Promise<T>;
  /** The outcome of the newest request; one overtaken by a newer request while it ran is dropped. */
  onSettled: (outcome: MockupOutcome<T>) => void;
  /** Busy from a request (or a pause before one) until the newest has settled. */
  onBusyChange: (busy: boolean) => void;
  /** How long the slider must rest before its request is sent. */
  pauseMs?: number;
}

export interface MockupQueue {
  /** Sends the request as soon as the one running (if any) has finished. */
  now: (request: MockupRequest) => void;
  /** Sends the request once nothing new has come for the pause (the slider has come to rest). */
  afterPause: (request: MockupRequest) => void;
  /** Drops what has not been sent yet (the screen is leaving); a request already sent is let finish. */
  cancelPending: () => void;
}

const sameRequest = (a: MockupRequest | null, b: MockupRequest) =>
  a !== null &&
  a.blueprintId === b.blueprintId &&
  a.printProviderId === b.printProviderId &&
  a.variantId === b.variantId &&
  a.scale === b.scale;

/**
 * Mockup generation as SPEC section 4 has it: one request at a time, and only the newest waiting one is kept (a
 * slider dragged across, or several variants tried in a row, cost one request each at most, not one per step).
 * Slider moves wait for a pause; a variant change goes at once.
 */
export function createMockupQueue<T>({
  generate,
  onSettled,
  onBusyChange,
  pauseMs = MOCKUP_SLIDER_DEBOUNCE_MS,
}: MockupQueueOptions<T>): MockupQueue {
  let running: MockupRequest | null = null;
  let waiting: MockupRequest | null = null;
  let pause: ReturnType<typeof setTimeout> | undefined;
  let busy = false;

  const reportBusy = () => {
    const next = running !== null || waiting !== null || pause !== undefined;
    if (next === busy) return;
    busy = next;
    onBusyChange(next);
  };

  const clearPause = () => {
    clearTimeout(pause);
    pause = undefined;
  };

  const finish = (outcome: MockupOutcome<T>) => {
    running = null;
    if (waiting) {
      const next = waiting;
      waiting = null;
      start(next);
      return;
    }
    onSettled(outcome);
    reportBusy();
  };

  const start = (request: MockupRequest) => {
    running = request;
    reportBusy();
    generate(request).then(
      (result) => finish({ request, result }),
      (error: unknown) => finish({ request, error }),
    );
  };

  const now = (request: MockupRequest) => {
    clearPause();
    if (running === null) start(request);
    // Asked again for what is already being made: whatever was waiting is older than this.
    else if (sameRequest(running, request)) waiting = null;
    else waiting = request;
    reportBusy();
  };

  return {
    now,
    afterPause(request) {
      clearPause();
      pause = setTimeout(() => {
        pause = undefined;
        now(request);
      }, pauseMs);
      reportBusy();
    },
    cancelPending() {
      clearPause();
      waiting = null;
      reportBusy();
    },
  };
}
