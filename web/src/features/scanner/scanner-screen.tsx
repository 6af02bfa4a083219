import { Camera, ScanLine, Square, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { InlineAlert } from '../../components/ui/inline-alert';
import { panel } from '../../components/ui/panel';
import { Spinner } from '../../components/ui/spinner';
import { CameraView, type CameraFailure } from './camera-view';
import { ScanResult } from './scan-result';
import { payloadOfCard } from './scanned-card';
import { parseScannedContent, type ScannedPayload } from './scanned-content';
import { useLazyGetScannedCardQuery } from './scanner-api';

/** SPEC section 9: a 10 s decode timeout. Past it the camera keeps looking, and the screen says how to help it. */
export const DECODE_TIMEOUT_MS = 10_000;

type Step =
  | { name: 'idle' }
  | { name: 'scanning' }
  | { name: 'processing' }
  | { name: 'denied' }
  | { name: 'error'; title: string; message: string }
  | { name: 'result'; payload: ScannedPayload; simple: boolean };

const CAMERA_ERROR = {
  title: 'Failed to start camera',
  message: 'The camera could not be started. Check that no other app is using it.',
};
const NOT_OURS = { title: 'Scan Error', message: 'This QR code is not a Medical QR code.' };
const NOT_FOUND = { title: 'Scan Error', message: 'Medical record not found or inactive' };

/**
 * /scanner (SPEC section 2, "Scanner"): the steps hint and Start Scanning, the live view (Stop, Close), the permission
 * screen (Allow Camera Access, Cancel), the error screen (Try Again, Close), and the result with Scan Another.
 */
export function ScannerScreen({ onClose }: { onClose: () => void }) {
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [readCard] = useLazyGetScannedCardQuery();

  const onDecoded = useCallback(
    async (text: string) => {
      const content = parseScannedContent(text);
      if (content.kind === 'unknown') return setStep({ name: 'error', ...NOT_OURS });
      if (content.kind === 'payload')
        return setStep({ name: 'result', payload: content.payload, simple: content.legacy });
      setStep({ name: 'processing' });
      try {
        const card = await readCard(content.token).unwrap();
        setStep({ name: 'result', payload: payloadOfCard(card), simple: false });
      } catch {
        setStep({ name: 'error', ...NOT_FOUND });
      }
    },
    [readCard],
  );
  const onFailure = useCallback(
    (failure: CameraFailure) => setStep(failure === 'denied' ? { name: 'denied' } : { name: 'error', ...CAMERA_ERROR }),
    [],
  );
  const scan = () => setStep({ name: 'scanning' });

  return (
    <div className="mx-auto max-w-2xl px-5 py-8 sm:px-6 md:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">QR Scanner</h1>
      {/* Once a code is read, its facts and Call need the first screen more than the hint does. */}
      {step.name === 'result' ? null : (
        <p className="mt-2 text-base text-slate-600 dark:text-slate-300">
          Scan a Medical QR code to see the medical information.
        </p>
      )}
      <div className="mt-6">
        {step.name === 'idle' ? <Idle onStart={scan} /> : null}
        {step.name === 'scanning' ? (
          <Live
            onDecoded={onDecoded}
            onFailure={onFailure}
            onStop={() => setStep({ name: 'idle' })}
            onClose={onClose}
          />
        ) : null}
        {step.name === 'processing' ? <Processing /> : null}
        {step.name === 'denied' ? <Denied onAllow={scan} onCancel={() => setStep({ name: 'idle' })} /> : null}
        {step.name === 'error' ? (
          <Failed title={step.title} message={step.message} onRetry={scan} onClose={() => setStep({ name: 'idle' })} />
        ) : null}
        {step.name === 'result' ? (
          <ScanResult payload={step.payload} simple={step.simple} onScanAnother={scan} />
        ) : null}
      </div>
    </div>
  );
}

function Idle({ onStart }: { onStart: () => void }) {
  return (
    <section aria-label="How to scan" className={panel()}>
      <ol className="grid gap-4 sm:grid-cols-3">
        <Hint n={1} text="Allow camera access" />
        <Hint n={2} text="Position the QR code in the frame" />
        <Hint n={3} text="View the medical information" />
      </ol>
      <Button size="lg" className="mt-6 w-full whitespace-nowrap" onClick={onStart}>
        <ScanLine className="size-5" aria-hidden="true" />
        Start Scanning
      </Button>
    </section>
  );
}

function Hint({ n, text }: { n: number; text: string }) {
  return (
    <li className="flex items-center gap-3 sm:flex-col sm:text-center">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-red-50 font-bold text-red-700 dark:bg-red-950/60 dark:text-red-300">
        {n}
      </span>
      <span className="font-medium text-slate-800 dark:text-slate-100">{text}</span>
    </li>
  );
}

function Live(props: {
  onDecoded: (text: string) => void;
  onFailure: (failure: CameraFailure) => void;
  onStop: () => void;
  onClose: () => void;
}) {
  const slow = useSlowScan();
  return (
    <section aria-label="Camera" className="flex flex-col gap-4">
      <CameraView onDecoded={props.onDecoded} onFailure={props.onFailure} />
      <p role="status" className="text-center text-slate-600 dark:text-slate-300">
        {slow ? 'Still looking: move closer, hold steady, and light the code.' : 'Point the camera at the QR code.'}
      </p>
      <div className="grid grid-cols-2 gap-3">
        <Button variant="secondary" className="whitespace-nowrap" onClick={props.onStop}>
          <Square className="size-5" aria-hidden="true" />
          Stop
        </Button>
        <Button variant="ghost" className="whitespace-nowrap" onClick={props.onClose}>
          <X className="size-5" aria-hidden="true" />
          Close
        </Button>
      </div>
    </section>
  );
}

/** True once the camera has looked for {@link DECODE_TIMEOUT_MS} without reading a code. */
function useSlowScan(): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), DECODE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);
  return slow;
}

function Processing() {
  return (
    <p role="status" className="flex items-center justify-center gap-3 py-10 text-slate-600 dark:text-slate-300">
      <Spinner />
      Reading the medical card…
    </p>
  );
}

function Denied({ onAllow, onCancel }: { onAllow: () => void; onCancel: () => void }) {
  return (
    <Notice icon={<Camera className="size-8" aria-hidden="true" />} title="Camera access needed">
      <p>
        Camera permission is required to scan QR codes. Allow the camera for this site in your browser, then try again.
      </p>
      <Actions>
        <Button size="lg" className="whitespace-nowrap" onClick={onAllow}>
          Allow Camera Access
        </Button>
        <Button variant="secondary" size="lg" className="whitespace-nowrap" onClick={onCancel}>
          Cancel
        </Button>
      </Actions>
    </Notice>
  );
}

function Failed({
  title,
  message,
  onRetry,
  onClose,
}: {
  title: string;
  message: string;
  onRetry: () => void;
  onClose: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={panel()}>
      <h2 ref={heading} tabIndex={-1} className="sr-only">
        {title}
      </h2>
      <InlineAlert tone="error" title={title}>
        {message}
      </InlineAlert>
      <Actions>
        <Button size="lg" className="whitespace-nowrap" onClick={onRetry}>
          Try Again
        </Button>
        <Button variant="secondary" size="lg" className="whitespace-nowrap" onClick={onClose}>
          Close
        </Button>
      </Actions>
    </section>
  );
}

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="scanner-notice" className={panel('text-slate-700 dark:text-slate-200')}>
      <div className="flex items-center gap-3 text-amber-700 dark:text-amber-300">
        {icon}
        <h2 id="scanner-notice" className="text-xl font-bold text-slate-900 dark:text-white">
          {title}
        </h2>
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="mt-5 grid gap-3 sm:flex">{children}</div>;
}
