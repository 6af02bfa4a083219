import type { ReactNode } from 'react';
import { Button, type ButtonSize } from '../button';
import { useFormLayout } from './form-layout';

/** The form's submit button: disabled with a spinner and `pendingLabel` while the form is sending. */
export function SubmitButton({
  children,
  pendingLabel,
  size = 'lg',
  className,
}: {
  children: ReactNode;
  pendingLabel: string;
  size?: ButtonSize;
  className?: string;
}) {
  const { sending } = useFormLayout();
  return (
    <Button type="submit" size={size} pending={sending} pendingText={pendingLabel} className={className}>
      {children}
    </Button>
  );
}
