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
