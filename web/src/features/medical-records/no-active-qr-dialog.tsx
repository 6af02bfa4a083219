import { Crown, QrCode } from 'lucide-react';
import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ActionLink } from '../../components/ui/action-link';
import { Button } from '../../components/ui/button';
import { ModalDialog } from '../../components/ui/dialog';
import { paths } from '../../lib/paths';
import { NO_ACTIVE_QR_QUERY_KEY } from './create-qr-section';

/**
 * Explains that an active QR code is needed first (the shop sends people to `/?noActiveQr=true`)
 * and offers to create one (`onCreate` takes the person to the form) or to see premium. Closing it
 * drops the query key.
 */
export function NoActiveQrDialog({ onCreate }: { onCreate: () => void }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const open = searchParams.get(NO_ACTIVE_QR_QUERY_KEY) === 'true';

  const close = () =>
    setSearchParams(
      (params) => {
        params.delete(NO_ACTIVE_QR_QUERY_KEY);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  // Creating moves focus to the form, once the dialog has let go of it.
  const createRequested = useRef(false);

  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      onCloseAutoFocus={(event) => {
        if (!createRequested.current) return;
        createRequested.current = false;
        event.preventDefault();
        onCreate();
      }}
      icon={
        <span className="flex size-12 items-center justify-center rounded-2xl bg-red-50 text-red-600 ring-1 ring-red-100 dark:bg-red-950/50 dark:text-red-400 dark:ring-red-900/60">
          <QrCode className="size-6" aria-hidden="true" />
        </span>
      }
      title="You don't have an active QR code"
      description="Merchandise and sharing need an active QR code. Create one in a few minutes, or go premium so your code never expires."
    >
      <div className="flex flex-col gap-3">
        <Button
          size="lg"
          className="w-full"
          icon={<QrCode className="size-5" aria-hidden="true" />}
          onClick={() => {
            createRequested.current = true;
            close();
          }}
        >
          Create QR Code
        </Button>
        <ActionLink to={paths.pricing.getHref()} icon={Crown} variant="secondary" fullWidth>
          See Premium
        </ActionLink>
      </div>
    </ModalDialog>
  );
}
