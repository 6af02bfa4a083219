-- migration: no transaction
-- "Last checked by the owner" (step 16): when the owner last said a record's facts are right, by saving its details or
-- by confirming them as they are. A code made before this column has none and reads as checked when it was made
-- (no time of its saves was kept), so adding it rewrites no row and holds no lock while the table is read; the default
-- is set apart from the column for the same reason (a column added with it would date every old code today).
alter table medical_records add column if not exists facts_checked_at timestamptz;
alter table medical_records alter column facts_checked_at set default now();
-- When the owner was mailed that the current check has lapsed; a new check clears it, so each lapse is mailed once.
alter table medical_records add column if not exists facts_reminded_at timestamptz;
-- The reminder sweep's candidates, oldest check first: owned codes not yet reminded. Built without locking out the
-- card views and saves meanwhile; a failed concurrent build leaves an invalid index, so it is dropped first.
drop index concurrently if exists medical_records_facts_due;
create index concurrently if not exists medical_records_facts_due on medical_records (coalesce(facts_checked_at, created_at))
  where user_id is not null and is_active and facts_reminded_at is null;
