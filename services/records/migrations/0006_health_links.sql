-- SMART Health Links (step 18). New tables only: nothing existing is rewritten or locked.
-- A link the owner made to their record. Kept: a hash of the link's random id (its URL), the label (encrypted), its
-- flags, passcode (scrypt) and expiry, and the file as the reader gets it: a JWE that only the link's key opens. The
-- key itself is in the link alone; a long-term link also keeps it wrapped under ENCRYPTION_KEYS, to write the file
-- again as the record changes (docs/decisions.md says what a database dump reveals).
create table if not exists health_links (
  id uuid primary key,
  user_id uuid not null,
  -- The record the file was written from: deleting it deletes the links that carry it.
  record_id uuid not null references medical_records (id) on delete cascade,
  record_version integer not null,
  manifest_id_hash text not null unique,
  label text not null,
  flag text not null,
  passcode_hash text,
  attempts_left smallint,
  expires_at timestamptz,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  -- The JWE; '' once revoked (a revoked link keeps nothing to serve).
  file text not null,
  file_written_at timestamptz not null,
  wrapped_key text,
  alerted_at timestamptz
);
create index if not exists health_links_by_owner on health_links (user_id, created_at);
-- Each time a reader opened a link: when, and who it said it was (encrypted).
create table if not exists health_link_accesses (
  id uuid primary key,
  link_id uuid not null references health_links (id) on delete cascade,
  accessed_at timestamptz not null default now(),
  recipient text not null
);
create index if not exists health_link_accesses_by_link on health_link_accesses (link_id, accessed_at);
-- A manifest's `location`: a hash of its random ticket, valid until expires_at (an hour at most).
create table if not exists health_link_tickets (
  ticket_hash text primary key,
  link_id uuid not null references health_links (id) on delete cascade,
  expires_at timestamptz not null
);
create index if not exists health_link_tickets_by_expiry on health_link_tickets (expires_at);
