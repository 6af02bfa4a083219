export { AnonymousQrCreator } from './anonymous-qr-creator';
export { CodeEmailConfirmation } from './code-email-confirmation';
export { CREATE_QR_SECTION_ID, goToCreateQrSection } from './create-qr-section';
export { MedicalRecordsDashboard } from './medical-records-dashboard';
export { NoActiveQrDialog } from './no-active-qr-dialog';
export { QrCodeDisplay, type QrCodeDisplayProps } from './qr-code-display';
export {
  recordsApi,
  useGetActiveMedicalRecordQuery,
  useGetDashboardQuery,
  useGetEmergencyContactsQuery,
  useListMedicalRecordsInfiniteQuery,
  useDeleteMedicalRecordMutation,
} from './records-api';
export { UPGRADE_REDIRECT_DELAY_MS } from './use-record-creation';
export type { LoginRequest } from './use-anonymous-record-creation';
export type { PersonDetails } from './medical-form-values';
export { entryOfRecord, entryOfRemembered, HistoryScreen, type HistoryEntry } from './history';
export { PremiumHistoryScreen } from './premium-history';
