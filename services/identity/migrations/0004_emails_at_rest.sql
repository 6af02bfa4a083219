-- Emails at rest, as records keeps card tokens: a keyed hash (EMAIL_INDEX_KEY) to find an account by, and the
-- address encrypted with the row id as context to write to. Rows from before are sealed at start (EmailSealer),
-- which empties `email`; until then sign-in finds them by the plain column.
alter table users add column email_index text unique;
alter table users add column email_ciphertext text;
alter table users alter column email drop not null;
