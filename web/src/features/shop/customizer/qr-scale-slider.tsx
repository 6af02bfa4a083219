import { QR_SCALE_MAX, QR_SCALE_MIN } from '@medical-qr/contracts';
import { useId } from 'react';

const percent = (scale: number) => `${Math.round(scale * 100)}%`;

/** The QR code's size on the print area, 0 to 1 in steps of 0.01 (SPEC section 5), shown as a percentage. */
export function QrScaleSlider({ value, onChange }: { value: number; onChange: (scale: number) => void }) {
  const id = useId();
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-[15px] font-semibold text-slate-800 dark:text-slate-100">
          QR code size
        </label>
        <output htmlFor={id} className="text-[15px] font-bold text-slate-900 tabular-nums dark:text-white">
          {percent(value)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={QR_SCALE_MIN}
        max={QR_SCALE_MAX}
        step={0.01}
        value={value}
        aria-valuetext={`${percent(value)} of the print area`}
        onChange={(event) => onChange(Math.round(Number(event.target.value) * 100) / 100)}
        className="mt-2 h-11 w-full cursor-pointer accent-red-600 dark:accent-red-500"
      />
      <p className="text-sm text-slate-600 dark:text-slate-400">
        The preview follows a moment after you let go. Bigger codes scan from further away.
      </p>
    </div>
  );
}
