import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A turning circle for pending buttons and screens. Decorative: say what is pending in text. */
export function Spinner({ className }: { className?: string }) {
  return (
    <LoaderCircle
      className={cn('size-5 animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]!', className)}
      aria-hidden="true"
    />
  );
}
