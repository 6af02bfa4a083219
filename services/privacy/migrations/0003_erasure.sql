-- People whose data was erased. The audit log keeps their trail under a pseudonym; this table lets an audit entry
-- still on its way (queued before the erasure) be written under the same pseudonym. It holds a SHA-256 of the
-- erased user id, never the id: nothing here leads back to the person.
create table erased_subjects (
  subject_hash text primary key,
  pseudonym uuid not null,
  erased_at timestamptz not null default now()
);
