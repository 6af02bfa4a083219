import { ShopMessages, type MockupResponse } from '@medical-qr/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useGenerateMockupMutation, type MockupRequest } from '../catalog-api';
import { refusalMessage, statusOf } from '../shop-errors';
import { createMockupQueue, type MockupOutcome, type MockupQueue } from './mockup-queue';

/** What the preview shows and prices: the mockup's pictures and the provider's cost of one item, in cents. */
export interface MockupPreview {
  urls: string[];
  cost: number;
}

export interface MockupPreviewState {
  preview: MockupPreview | null;
  /** A mockup is being made, or will be once the slider rests. */
  generating: boolean;
  /** The server's refusal to make one (403: no active QR code), shown with the way to a code. */
  refusal: string | null;
  /** How many mockups were asked for in this visit: the server has previews to clean up once it is above 0. */
  requested: number;
  generateNow: (request: MockupRequest) => void;
  generateAfterPause: (request: MockupRequest) => void;
}

/**
 * The customizer's preview: mockups made one at a time through the queue (`mockup-queue.ts`). A failure clears the
 * preview and its price without a message (SPEC section 8), except the refusal for want of an active code, which
 * the person can do something about.
 */
export function useMockupPreview(initial: MockupPreview | null): MockupPreviewState {
  const [generateMockup] = useGenerateMockupMutation();
  const [preview, setPreview] = useState<MockupPreview | null>(initial);
  const [generating, setGenerating] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [requested, setRequested] = useState(0);

  const settle = useCallback((outcome: MockupOutcome<MockupResponse>) => {
    if ('result' in outcome) {
      setPreview({ urls: outcome.result.mockupUrls, cost: outcome.result.cost });
      setRefusal(null);
      return;
    }
    setPreview(null);
    setRefusal(
      statusOf(outcome.error) === 403 ? refusalMessage(outcome.error, ShopMessages.activeRecordRequired) : null,
    );
  }, []);

  const generate = useRef(generateMockup);
  useEffect(() => {
    generate.current = generateMockup;
  }, [generateMockup]);

  // One queue for the screen's life (kept across development's double effects); nothing waits in it after leaving.
  const queue = useRef<MockupQueue | null>(null);
  queue.current ??= createMockupQueue<MockupResponse>({
    generate: (request) => generate.current(request).unwrap(),
    onSettled: settle,
    onBusyChange: setGenerating,
  });
  useEffect(() => () => queue.current?.cancelPending(), []);

  const generateNow = useCallback((request: MockupRequest) => {
    setRequested((count) => count + 1);
    queue.current?.now(request);
  }, []);
  const generateAfterPause = useCallback((request: MockupRequest) => {
    setRequested((count) => count + 1);
    queue.current?.afterPause(request);
  }, []);

  return { preview, generating, refusal, requested, generateNow, generateAfterPause };
}
