import { startTransition, useEffect, useState } from 'react';

/** Whether the page has loaded and painted (true at once on a later mount, e.g. after moving between screens). */
let painted = false;

/**
 * False until the page's `load` event and the frame after it, then true. What is rendered only then starts its own
 * downloads (a lazy component's code) after the first paint, so the first paint never waits for them.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(painted);
  useEffect(() => {
    if (ready) return;
    let frame = 0;
    const afterLoad = () => {
      frame = requestAnimationFrame(() => {
        frame = requestAnimationFrame(() => {
          painted = true;
          // As a transition, React renders what follows in slices that yield to input, not in one long task.
          startTransition(() => setReady(true));
        });
      });
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    return () => {
      window.removeEventListener('load', afterLoad);
      cancelAnimationFrame(frame);
    };
  }, [ready]);
  return ready;
}
