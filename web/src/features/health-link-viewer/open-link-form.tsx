import { HEALTH_LINK_RECIPIENT_MAX, type LocalizedCardTexts, type ShlinkPayload } from '@medical-qr/contracts';
import { FileHeart } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import {
  Form,
  FORM_ERROR,
  FormAlert,
  Input,
  PasswordInput,
  SubmitButton,
  useAppForm,
  type FormFailure,
} from '../../components/ui/form';
import { readString, STORAGE_KEYS, writeString } from '../../lib/storage';
import { openHealthLink, type OpenOutcome } from './open-health-link';

type Opened = Extract<OpenOutcome, { kind: 'opened' }>;

/** The checks, whose messages are read in the language shown when they are made (it may change after a check). */
function openFormSchema(texts: () => LocalizedCardTexts, needsPasscode: boolean) {
  return z.object({
    recipient: z
      .string()
      .trim()
      .min(1, { error: () => texts().t('shlRecipientRequired') }),
    passcode: needsPasscode ? z.string().min(1, { error: () => texts().t('shlPasscodeRequired') }) : z.string(),
  });
}

/** What a refusal says under the passcode: the tries left, when the server tells. */
function wrongPasscode(texts: LocalizedCardTexts, remainingAttempts: number | undefined): FormFailure {
  const message =
    remainingAttempts === undefined
      ? texts.t('shlWrongPasscode')
      : texts.plural('shlWrongPasscodeTries', remainingAttempts);
  return { errors: { passcode: message } };
}

/**
 * Asks who is reading (the protocol's `recipient`, which the owner sees; remembered on this browser for the next link)
 * and, for a link with a passcode, the passcode; then opens the link. A wrong passcode is said under its field, which
 * takes focus.
 */
export function OpenLinkForm({
  payload,
  texts,
  onOpened,
  onGone,
}: {
  payload: ShlinkPayload;
  texts: LocalizedCardTexts;
  onOpened: (opened: Opened) => void;
  onGone: () => void;
}) {
  const { t } = texts;
  const needsPasscode = payload.flag?.includes('P') ?? false;
  const shown = useRef(texts);
  useEffect(() => {
    shown.current = texts;
  });
  const [schema] = useState(() => openFormSchema(() => shown.current, needsPasscode));
  const form = useAppForm(schema, { recipient: readString(STORAGE_KEYS.shlRecipient) ?? '', passcode: '' });

  const submit = async ({ recipient, passcode }: z.output<typeof schema>): Promise<FormFailure | void> => {
    const outcome = await openHealthLink(payload, { recipient, ...(needsPasscode ? { passcode } : {}) });
    switch (outcome.kind) {
      case 'opened':
        writeString(STORAGE_KEYS.shlRecipient, recipient);
        return onOpened(outcome);
      case 'wrong-passcode':
        return wrongPasscode(texts, outcome.remainingAttempts);
      case 'gone':
        return onGone();
      case 'busy':
        return { errors: { [FORM_ERROR]: t('shlBusy') } };
      case 'failed':
        return { errors: { [FORM_ERROR]: t('shlFailed') } };
    }
  };

  return (
    <Form form={form} onSubmit={submit} className="mt-6 flex flex-col gap-5">
      <Input
        label={t('shlRecipient')}
        hint={t('shlRecipientHint')}
        autoComplete="organization"
        maxLength={HEALTH_LINK_RECIPIENT_MAX}
        registration={form.register('recipient')}
      />
      {needsPasscode ? (
        <PasswordInput
          label={t('shlPasscode')}
          autoComplete="off"
          toggleLabels={[t('shlShowPasscode'), t('shlHidePasscode')]}
          registration={form.register('passcode')}
        />
      ) : null}
      <FormAlert />
      <SubmitButton pendingLabel={t('shlOpening')} className="w-full sm:w-auto sm:self-start">
        <FileHeart className="size-5" aria-hidden="true" />
        {t('shlOpen')}
      </SubmitButton>
    </Form>
  );
}
