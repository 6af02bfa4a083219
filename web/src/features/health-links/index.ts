export { healthLinksApi, useListHealthLinksQuery } from './health-links-api';
export { HealthLinksPanel } from './health-links-panel';
