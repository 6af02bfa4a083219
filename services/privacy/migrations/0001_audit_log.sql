-- The privacy schema as it stands: the earlier steps squashed into one before the first deployment
-- (nothing was ever deployed, so no database needs the transitional steps).

-- Who did what, when (UTC) and from where; kept 6 years (terms). Never passwords or tokens.
create table audit_log (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null,
  recorded_at timestamptz not null default now(),
  action text not null,
  user_id uuid,
  email text,
  ip text,
  user_agent text,
  request_id text,
  details jsonb not null default '{}'::jsonb,
  -- The queue may deliver an entry twice; its job id keeps it once.
  source_job_id text unique
);
create index audit_log_user on audit_log (user_id, occurred_at desc);
create index audit_log_action on audit_log (action, occurred_at desc);

-- Consent history: every revocation and every consent given again, with when and why (privacy controls).
create table consent_events (
  id bigint generated always as identity primary key,
  user_id uuid not null,
  given boolean not null,
  reason text not null default '',
  occurred_at timestamptz not null default now()
);
create index consent_events_by_user on consent_events (user_id, occurred_at desc, id desc);

-- A person's deletion request: requested (scheduled 30 days out) or cancelled. One row per person, the latest.
create table deletion_requests (
  user_id uuid primary key,
  status text not null check (status in ('requested', 'cancelled')),
  reason text not null default '',
  requested_at timestamptz not null,
  scheduled_at timestamptz not null,
  cancelled_at timestamptz
);

-- People whose data was erased. The audit log keeps their trail under a pseudonym; this table lets an audit entry
-- still on its way (queued before the erasure) be written under the same pseudonym. It holds a SHA-256 of the
-- erased user id, never the id: nothing here leads back to the person.
create table erased_subjects (
  subject_hash text primary key,
  pseudonym uuid not null,
  erased_at timestamptz not null default now()
);

-- `email` holds a ciphertext (the platform's field cipher, ENCRYPTION_KEYS) and `email_index` a keyed hash
-- (EMAIL_INDEX_KEY) to find a person's entries by address: the database never sees an address in clear.
alter table audit_log add column email_index text;
-- The request id the client sent (X-Request-Id), kept beside ours; `request_id` is always ours.
alter table audit_log add column client_request_id text;
create index audit_log_by_email on audit_log (email_index) where email_index is not null;

-- The audit log is append-only, whatever the code does: no update and no delete, with two exceptions the database
-- itself checks. Entries older than 6 years (the terms' retention) may be deleted, by the retention job. And an
-- erasure may replace a person's id with their pseudonym and drop the email typed with it, nothing else, inside a
-- transaction that declares it (set local privacy.pseudonymising = 'on').
create function audit_log_append_only() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    if old.occurred_at < now() - interval '6 years' then
      return old;
    end if;
    raise exception 'the audit log is append-only: only entries older than 6 years may be deleted'
      using errcode = 'insufficient_privilege';
  end if;
  if coalesce(current_setting('privacy.pseudonymising', true), '') = 'on'
    and new.id = old.id
    and new.occurred_at = old.occurred_at
    and new.recorded_at = old.recorded_at
    and new.action = old.action
    and new.details = old.details
    and new.ip is not distinct from old.ip
    and new.user_agent is not distinct from old.user_agent
    and new.request_id is not distinct from old.request_id
    and new.client_request_id is not distinct from old.client_request_id
    and new.source_job_id is not distinct from old.source_job_id
    and new.email is null
    and new.email_index is null then
    return new;
  end if;
  raise exception 'the audit log is append-only' using errcode = 'insufficient_privilege';
end;
$$;

create trigger audit_log_append_only before update or delete on audit_log
  for each row execute function audit_log_append_only();

create function audit_log_no_truncate() returns trigger language plpgsql as $$
begin
  raise exception 'the audit log is append-only' using errcode = 'insufficient_privilege';
end;
$$;

create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_no_truncate();

-- The retention job deletes by age.
create index audit_log_by_time on audit_log (occurred_at);

