export { HealthLinkViewer } from './health-link-viewer';
