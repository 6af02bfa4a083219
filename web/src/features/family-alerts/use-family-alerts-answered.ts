import { useState } from 'react';
import { useGetFamilyAlertsQuery } from './family-alerts-api';

/**
 * Whether the owner's alerts have had their first answer (the list or an error): a screen that shows them above other
 * content waits for it, so they never push that content down. It stays true afterwards, whatever a later refetch
 * does: a retry after an error (which a newly shown panel starts by itself) must not send the screen back to loading.
 */
export function useFamilyAlertsAnswered(): boolean {
  const { isLoading } = useGetFamilyAlertsQuery();
  const [answered, setAnswered] = useState(!isLoading);
  if (!isLoading && !answered) setAnswered(true);
  return answered;
}
