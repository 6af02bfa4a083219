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
