export { familyAlertsApi, useGetFamilyAlertsQuery } from './family-alerts-api';
export { FamilyAlertsPanel } from './family-alerts-panel';
export { useFamilyAlertsAnswered } from './use-family-alerts-answered';
