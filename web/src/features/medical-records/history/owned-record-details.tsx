import { QueryState } from '../../../components/ui/query-state';
import { Spinner } from '../../../components/ui/spinner';
import { useGetMedicalRecordQuery } from '../records-api';
import { RecordDetails } from './record-details';

/** A signed-in owner's record details, fetched when opened: the list itself carries no medical details or QR images. */
export function OwnedRecordDetails({ recordId }: { recordId: string }) {
  const query = useGetMedicalRecordQuery(recordId, { refetchOnMountOrArgChange: true });
  return (
    <QueryState
      query={query}
      loading={
        <p role="status" className="mt-3 flex items-center gap-2 px-1 text-slate-600 dark:text-slate-400">
          <Spinner />
          Loading details…
        </p>
      }
      error={{ className: 'mt-3', title: 'Details unavailable', message: "This code's details could not be loaded." }}
    >
      {(record) => <RecordDetails record={record} />}
    </QueryState>
  );
}
