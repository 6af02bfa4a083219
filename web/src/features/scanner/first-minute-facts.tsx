import {
  FIRST_MINUTE_LABELS_EN,
  firstMinuteBlock,
  type FirstMinuteKey,
  type FirstMinuteSource,
} from '@medical-qr/contracts';
import { CriticalFact, FirstFact } from './scan-facts';
import type { ScannedPayload } from './scanned-content';

/** The scan shows the name and age above the facts, and the primary contact as its own Call button below them. */
const SHOWN_APART: readonly FirstMinuteKey[] = ['name', 'age', 'primaryContact'];

/** The payload as the block reads it; a JSON code carries only the blood group and allergies. */
function blockSource(payload: ScannedPayload): FirstMinuteSource {
  return {
    firstName: payload.name ?? '',
    lastName: '',
    age: payload.age,
    bloodGroup: payload.bloodGroup,
    resuscitationStatus: payload.resuscitationStatus,
    directiveLocation: payload.directiveLocation,
    allergies: payload.allergies,
    medications: payload.medications,
    devices: payload.devices,
    languagesSpoken: payload.languagesSpoken,
    interpreterNeeded: payload.interpreterNeeded,
    emergencyContacts: [],
  };
}

/**
 * What the scan shows first: the first-minute block as the card page, the print, the wallet card and the lock-screen
 * image show it (one definition, in contracts), in the order a crew needs it. A JSON code never carries resuscitation
 * wishes, so its result leaves that line out rather than saying "Not stated" for what it could never say.
 */
export function FirstMinuteFacts({ payload }: { payload: ScannedPayload }) {
  const lines = firstMinuteBlock(blockSource(payload)).filter(
    (line) =>
      !SHOWN_APART.includes(line.key) && (line.key !== 'resuscitation' || payload.resuscitationStatus !== undefined),
  );
  return (
    <>
      <Identity name={payload.name} age={payload.age} />
      <dl className="mt-3 grid gap-1.5">
        {lines.map((line) =>
          line.key === 'allergies' ? (
            <CriticalFact key={line.key} label={line.label}>
              {line.value}
            </CriticalFact>
          ) : (
            <FirstFact key={line.key} label={line.label} tone={line.tone} large={line.key === 'bloodGroup'}>
              {line.value}
            </FirstFact>
          ),
        )}
      </dl>
    </>
  );
}

function Identity({ name, age }: { name: string | undefined; age: number | null | undefined }) {
  const hasAge = typeof age === 'number';
  if (!name && !hasAge) return null;
  return (
    <div className="mt-2">
      {name ? (
        <p className="text-xl leading-tight font-extrabold text-slate-900 [overflow-wrap:anywhere] sm:text-2xl dark:text-white">
          {name}
        </p>
      ) : null}
      {hasAge ? (
        <p className="mt-0.5 text-lg font-bold text-slate-700 dark:text-slate-200">
          {FIRST_MINUTE_LABELS_EN.age} {age}
        </p>
      ) : null}
    </div>
  );
}
