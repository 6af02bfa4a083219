import { cn } from '../../lib/cn';

/** The red medical cross used as the app mark (same drawing as the favicon). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn('shrink-0', className)}>
      <rect width="64" height="64" rx="14" className="fill-red-600" />
      <path d="M26 12h12v14h14v12H38v14H26V38H12V26h14z" fill="#fff" />
    </svg>
  );
}
