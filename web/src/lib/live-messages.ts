import type { LiveMessage, LiveMessageType } from '@medical-qr/contracts';
import { useEffect, useRef } from 'react';

type Listener = (message: LiveMessage) => void;

const listeners = new Set<Listener>();

/**
 * The server's live pushes, handed to whichever screens listen. The live-updates feature publishes what the socket
 * receives; a screen that reacts to one (the subscribe screen to `subscription_updated`) listens with
 * {@link useLiveMessage}, without knowing about the socket.
 */
export function publishLiveMessage(message: LiveMessage): void {
  for (const listener of [...listeners]) listener(message);
}

export function subscribeToLiveMessages(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls `handler` for each live message of `type` while the component is mounted. */
export function useLiveMessage(type: LiveMessageType, handler: (message: LiveMessage) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(
    () =>
      subscribeToLiveMessages((message) => {
        if (message.type === type) latest.current(message);
      }),
    [type],
  );
}
