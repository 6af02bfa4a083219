import type { MedicalRecord } from '@medical-qr/contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef, useState } from 'react';
import { deletionKeyOf, useDeleteMedicalRecordMutation, useGetCodeQuery } from './records-api';

/**
 * Which of several codes the dashboard shows and edits: the newest (which the dashboard already holds) until another is
 * chosen; that one is fetched in full, and again after each save. A chosen code that is gone (deleted, here or
 * elsewhere) gives way to the newest.
 */
export function useChosenCode(newest: MedicalRecord | null) {
  const [chosenId, setChosenId] = useState<string | null>(null);
  // The Delete button's state for the chosen code: while it is deleted its query lets go, and once it is gone the newest
  // is shown, so the refresh that follows asks for no deleted record.
  const [, { status: deletion }] = useDeleteMedicalRecordMutation({
    fixedCacheKey: deletionKeyOf(chosenId ?? 'none'),
  });
  const gone = deletion === 'fulfilled';
  const other = chosenId !== null && !gone && chosenId !== newest?.id ? chosenId : null;
  const { data, isError } = useGetCodeQuery(other && deletion !== 'pending' ? other : skipToken);
  const lastShown = useRef<MedicalRecord | null>(null);

  useEffect(() => {
    if (chosenId && (gone || (other && isError))) setChosenId(null);
  }, [chosenId, gone, other, isError]);

  let record = newest;
  if (other) record = data?.id === other ? data : deletion === 'pending' ? lastShown.current : null;
  useEffect(() => {
    lastShown.current = record;
  }, [record]);

  return {
    /** The code shown, or null while another chosen one loads. */
    record,
    chosenId: other ?? newest?.id ?? null,
    choose: setChosenId,
  };
}
