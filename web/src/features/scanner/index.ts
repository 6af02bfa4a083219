export { ScannerScreen } from './scanner-screen';
