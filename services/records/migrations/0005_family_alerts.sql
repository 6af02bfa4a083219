-- "Tell their family" (step 17). New tables only: nothing existing is rewritten or locked.
-- An alert someone sent from a card (or by texting its printed reference). What the responder wrote is encrypted with
-- the alert's id as context; only keyed hashes of the responder's and the contacts' secret links are kept.
create table if not exists family_alerts (
  id uuid primary key,
  record_id uuid not null references medical_records (id) on delete cascade,
  user_id uuid,
  status_key_hash text not null unique,
  note text not null,
  language text not null,
  contacts_texted smallint not null,
  created_at timestamptz not null default now(),
  acknowledged_at timestamptz,
  acknowledged_by smallint,
  unanswered_at timestamptz
);
-- The per-card limit counts a card's recent alerts; the owner's list reads theirs newest first.
create index if not exists family_alerts_by_record on family_alerts (record_id, created_at);
create index if not exists family_alerts_by_owner on family_alerts (user_id, created_at) where user_id is not null;
-- Each texted contact of an alert: who they were when it was sent (encrypted), and the hash of their "I'm on it" link.
create table if not exists family_alert_contacts (
  alert_id uuid not null references family_alerts (id) on delete cascade,
  position smallint not null,
  ack_key_hash text not null unique,
  contact text not null,
  primary key (alert_id, position)
);
-- Every text we send: recipient and words encrypted; one row per contact, alert and round, so a retried or repeated
-- send texts nobody twice. The provider's message id, once it took the text, makes a retry a no-op.
create table if not exists sms_outbox (
  id uuid primary key,
  alert_id uuid references family_alerts (id) on delete cascade,
  -- The card a reply to a texted reference holds the facts of: it goes when the card does (an erasure).
  record_id uuid references medical_records (id) on delete cascade,
  position smallint,
  round smallint,
  purpose text not null,
  recipient text not null,
  recipient_index text not null,
  body text not null,
  provider_sid text unique,
  status text not null default 'queued',
  error_code integer,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  unique (alert_id, position, round)
);
create index if not exists sms_outbox_by_time on sms_outbox (created_at);
-- Numbers that replied STOP (a keyed hash of the number): nothing more is texted to them until they reply START.
create table if not exists sms_opt_outs (
  number_index text primary key,
  opted_out_at timestamptz not null default now()
);
-- Texts to the service's number that named no card: more than 10 an hour from one number are refused (a keyed hash of
-- the number; kept a day).
create table if not exists sms_reference_misses (
  number_index text not null,
  missed_at timestamptz not null default now()
);
create index if not exists sms_reference_misses_by_number on sms_reference_misses (number_index, missed_at);
