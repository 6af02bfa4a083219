export { entryOfRecord, entryOfRemembered, type HistoryEntry } from './history-entry';
export { HistoryScreen } from './history-screen';
