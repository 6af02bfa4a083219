import { Suspense, type ReactNode } from 'react';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';

/**
 * Renders `children` (typically lazy components) once the page has painted, and `placeholder` until they are ready:
 * what the first view does not need neither delays it nor is fetched before it.
 */
export function AfterFirstPaint({ children, placeholder = null }: { children: ReactNode; placeholder?: ReactNode }) {
  const ready = useAfterFirstPaint();
  return ready ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
