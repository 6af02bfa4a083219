-- An anonymous code is claimed into an account only if whoever made it proved its email: a single-use link is
-- mailed at creation, and following it sets email_confirmed_at. Only confirmed codes count as an email's one free
-- code, so a stranger's unconfirmed code made with someone's email neither becomes theirs nor stops them.
alter table medical_records add column email_confirmed_at timestamptz;

-- Codes claimed before this rule were claimed by a verified account of that email: they stay its code, and count.
update medical_records set email_confirmed_at = claimed_at where claimed_at is not null;

drop index medical_records_one_anonymous_per_email;
create unique index medical_records_one_anonymous_per_email on medical_records (email_index)
  where email_confirmed_at is not null;

-- One link per code, mailed once. Only the SHA-256 of the token is kept; it expires with the code.
-- email_index (the code's) counts the mails one address got, whoever asked.
create table anonymous_code_confirmations (
  record_id uuid primary key references medical_records (id) on delete cascade,
  token_hash text not null unique,
  email_index text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index anonymous_code_confirmations_by_email on anonymous_code_confirmations (email_index, created_at);
