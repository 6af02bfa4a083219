import {
  EXTRA_MEDICAL_FIELDS,
  interpreterLabel,
  medicationFlags,
  RESUSCITATION_LABELS,
  type ResuscitationStatus,
} from '@medical-qr/contracts';
import { CriticalFact, FirstFact, type FactTone } from './scan-facts';
import type { ScannedPayload } from './scanned-content';

/** The card page's words for these facts, so the scan and the card read alike. */
const FIRST_MINUTE_TEXTS = {
  bloodGroup: 'Blood group',
  resuscitation: 'Resuscitation',
  allergies: 'Allergies',
  bloodThinner: 'Takes a blood thinner',
  insulin: 'Uses insulin',
  age: (years: number) => `Age ${years}`,
} as const;

const RESUSCITATION_TONES: Record<ResuscitationStatus, FactTone> = {
  not_stated: 'muted',
  full: 'plain',
  dnr: 'alert',
  directive: 'alert',
};

/**
 * What the scan shows first, in the order a crew needs it (docs/decisions.md, step 16): name, age and blood group;
 * resuscitation; the allergies; blood thinners and insulin, read from the medications; devices; the languages with
 * whether an interpreter is needed. A JSON code carries only the blood group and allergies: the rest is left out.
 */
export function FirstMinuteFacts({ payload }: { payload: ScannedPayload }) {
  const { bloodThinners, insulins } = medicationFlags(payload.medications ?? '');
  const devices = payload.devices?.trim();
  return (
    <>
      <Identity name={payload.name} age={payload.age} />
      <dl className="mt-3 grid gap-1.5">
        <FirstFact label={FIRST_MINUTE_TEXTS.bloodGroup} tone={payload.bloodGroup ? 'plain' : 'muted'} large>
          {payload.bloodGroup || 'Not stated'}
        </FirstFact>
        {payload.resuscitationStatus ? (
          <Resuscitation status={payload.resuscitationStatus} where={payload.directiveLocation} />
        ) : null}
        <CriticalFact label={FIRST_MINUTE_TEXTS.allergies}>{payload.allergies || 'None listed'}</CriticalFact>
        {bloodThinners.length ? (
          <FirstFact label={FIRST_MINUTE_TEXTS.bloodThinner} tone="alert">
            {bloodThinners.join(', ')}
          </FirstFact>
        ) : null}
        {insulins.length ? (
          <FirstFact label={FIRST_MINUTE_TEXTS.insulin} tone="alert">
            {insulins.join(', ')}
          </FirstFact>
        ) : null}
        {devices ? <FirstFact label={EXTRA_MEDICAL_FIELDS.devices}>{devices}</FirstFact> : null}
        <Languages spoken={payload.languagesSpoken} interpreterNeeded={payload.interpreterNeeded} />
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
        <p className="mt-0.5 text-lg font-bold text-slate-700 dark:text-slate-200">{FIRST_MINUTE_TEXTS.age(age)}</p>
      ) : null}
    </div>
  );
}

/** Said even when not stated: a blank would be read as "do everything" or "do nothing". */
function Resuscitation({ status, where }: { status: ResuscitationStatus; where: string | undefined }) {
  const kept = status === 'directive' ? where?.trim() : '';
  return (
    <FirstFact label={FIRST_MINUTE_TEXTS.resuscitation} tone={RESUSCITATION_TONES[status]}>
      {RESUSCITATION_LABELS[status]}
      {kept ? <span className="font-semibold">: {kept}</span> : null}
    </FirstFact>
  );
}

/** The languages spoken and whether an interpreter is needed, when either was said. */
function Languages({
  spoken,
  interpreterNeeded,
}: {
  spoken: string | undefined;
  interpreterNeeded: boolean | null | undefined;
}) {
  const languages = spoken?.trim() ?? '';
  const interpreter = interpreterNeeded ?? null;
  if (!languages && interpreter === null) return null;
  const parts = [languages, interpreter === null ? '' : interpreterLabel(interpreter)].filter(Boolean);
  return (
    <FirstFact label={EXTRA_MEDICAL_FIELDS.languagesSpoken} tone={interpreter ? 'notice' : 'plain'}>
      {parts.join(' · ')}
    </FirstFact>
  );
}
