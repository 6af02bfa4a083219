export { ConsentWithdrawnBanner } from './consent-withdrawn-banner';
export { PrivacyControls } from './privacy-controls';
export { privacyApi, useGetPrivacyStatusQuery } from './privacy-api';
export type { ReauthDialogSlotProps } from './reauth-retry';
