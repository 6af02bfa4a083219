-- The identity schema as it stands: the earlier steps squashed into one before the first deployment
-- (nothing was ever deployed, so no database needs the transitional steps).

-- Accounts. Names and phone numbers are stored encrypted (FieldCipher, row id as context); the email as a keyed
-- hash of the lower-cased address (EMAIL_INDEX_KEY) to find an account by, and encrypted with the row id as context
-- to write to.
create table users (
  id uuid primary key default gen_random_uuid(),
  email_index text not null unique,
  email_ciphertext text not null,
  password_hash text,
  first_name text not null,
  last_name text not null,
  phone_number text,
  google_sub text unique,
  email_verified_at timestamptz,
  is_temporary boolean not null default false,
  is_demo boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Single-use links sent by mail: only the SHA-256 of the token is kept.
create table email_tokens (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('verify_email', 'reset_password')),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index email_tokens_user_purpose on email_tokens (user_id, purpose);


-- When each account last signed in, so the first sign-in after registration greets a newcomer
-- and later ones welcome the person back. Accounts from before this column are taken as having
-- signed in already (a returning user told "welcome" once is the smaller mistake).
alter table users add column last_signed_in_at timestamptz;
update users set last_signed_in_at = created_at;
