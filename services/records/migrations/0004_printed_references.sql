-- migration: no transaction
-- The printed reference (step 17): every code and every printed tag gets 8 characters printed under its QR, which a
-- responder without data texts to the service's SMS number. It opens what its code opens, so it is kept as the token
-- is: a keyed hash to find it by (under its own purpose label, so it never equals a token's) and a ciphertext bound to
-- the row, to print and show it. Codes and tags made before this column get theirs from the service
-- (ReferenceBackfill), so adding the columns rewrites no row and holds no lock while the tables are read.
alter table medical_records add column if not exists reference_index text;
alter table medical_records add column if not exists reference_ciphertext text;
alter table printed_tags add column if not exists reference_index text;
alter table printed_tags add column if not exists reference_ciphertext text;
-- A reference is found by its hash, and two rows never share one (a new one is drawn on a clash). Built without
-- locking out the card views and saves meanwhile; a failed concurrent build leaves an invalid index, so it is dropped
-- first.
drop index concurrently if exists medical_records_by_reference_index;
create unique index concurrently if not exists medical_records_by_reference_index on medical_records (reference_index)
  where reference_index is not null;
drop index concurrently if exists printed_tags_by_reference_index;
create unique index concurrently if not exists printed_tags_by_reference_index on printed_tags (reference_index)
  where reference_index is not null;
-- The rows still without one, for the backfill: empty once it has run, so the check at every start reads nothing.
drop index concurrently if exists medical_records_without_reference;
create index concurrently if not exists medical_records_without_reference on medical_records (id)
  where reference_index is null;
drop index concurrently if exists printed_tags_without_reference;
create index concurrently if not exists printed_tags_without_reference on printed_tags (id)
  where reference_index is null;
