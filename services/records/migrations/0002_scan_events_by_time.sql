-- migration: no transaction
-- The scan log's retention job deletes by age (ScanLogRepository.forgetOlderThan). Built without locking out the card
-- views being logged meanwhile; a failed concurrent build leaves an invalid index, so it is dropped first.
drop index concurrently if exists scan_events_by_time;
create index concurrently if not exists scan_events_by_time on scan_events (viewed_at);
