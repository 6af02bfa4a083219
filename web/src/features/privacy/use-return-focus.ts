import { useCallback, useRef, type RefObject } from 'react';

/**
 * Where focus goes when a card's confirmation closes: back to the button that opened it, or, once the action changed
 * the card and that button is gone, to `after` (the card's heading, or the status card's when this card goes away).
 */
export function useReturnFocus(after: RefObject<HTMLElement | null>) {
  const opener = useRef<HTMLButtonElement>(null);
  const changed = useRef(false);
  const markChanged = useCallback(() => {
    changed.current = true;
  }, []);
  const onCloseAutoFocus = useCallback(
    (event: Event) => {
      event.preventDefault();
      const back = opener.current;
      const target = changed.current || !back?.isConnected ? after.current : back;
      changed.current = false;
      target?.focus();
    },
    [after],
  );
  return { opener, markChanged, onCloseAutoFocus };
}
