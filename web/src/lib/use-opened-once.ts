import { useState } from 'react';

/**
 * True from the first time `open` is true on. A dialog whose code loads on demand mounts then and stays mounted, so
 * the first visit never waits for it and it can still animate out when closed.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Adjusting state while rendering (React's documented pattern): no extra effect pass before the dialog mounts.
  if (open && !opened) setOpened(true);
  return opened || open;
}
