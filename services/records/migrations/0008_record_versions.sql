-- Each save of a record's details raises its version by one. A save made from an older version is refused with the
-- current record, so an edit in one tab never silently undoes another tab's (optimistic concurrency, no locks held
-- while a person types).
alter table medical_records add column version integer not null default 1;
