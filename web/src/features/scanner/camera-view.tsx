import { useEffect, useId, useRef } from 'react';

/** SPEC section 9: up to 25 scans per second. */
export const SCANS_PER_SECOND = 25;

export type CameraFailure = 'denied' | 'error';

/**
 * The live camera with html5-qrcode reading QR codes from it (loaded only here). The first code read is handed on
 * once; leaving the view stops the camera.
 */
export function CameraView({
  onDecoded,
  onFailure,
}: {
  onDecoded: (text: string) => void;
  onFailure: (failure: CameraFailure) => void;
}) {
  const elementId = `camera-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const handlers = useRef({ onDecoded, onFailure });
  handlers.current = { onDecoded, onFailure };

  useEffect(() => {
    let left = false;
    let decoded = false;
    let stop: (() => Promise<void>) | undefined;
    void (async () => {
      const { Html5Qrcode, Html5QrcodeSupportedFormats } = await import('html5-qrcode');
      if (left) return;
      const scanner = new Html5Qrcode(elementId, {
        formatsToSupport: [Html5QrcodeSupportedFormats.QR_CODE],
        verbose: false,
      });
      try {
        await scanner.start(
          { facingMode: 'environment' },
          { fps: SCANS_PER_SECOND, qrbox: (width, height) => squareBox(width, height) },
          (text) => {
            if (decoded) return;
            decoded = true;
            handlers.current.onDecoded(text);
          },
          () => undefined,
        );
        stop = () => scanner.stop().then(() => scanner.clear());
        if (left) await stop();
      } catch (error) {
        if (!left) handlers.current.onFailure(isPermissionRefusal(error) ? 'denied' : 'error');
      }
    })();
    return () => {
      left = true;
      void stop?.().catch(() => undefined);
    };
  }, [elementId]);

  return <div id={elementId} className="mx-auto w-full max-w-md overflow-hidden rounded-2xl bg-black" />;
}

/** The aiming square: 70% of the shorter side. */
function squareBox(width: number, height: number) {
  const side = Math.max(120, Math.floor(Math.min(width, height) * 0.7));
  return { width: side, height: side };
}

/** The browser said no to the camera (the person, or a policy), as opposed to no camera or a broken one. */
function isPermissionRefusal(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /NotAllowed|Permission|denied/i.test(text);
}
