-- Accounts. Names and phone numbers are stored encrypted (FieldCipher, row id as context);
-- the email stays in clear, lower-cased, because sign-in looks it up.
create table users (
  id uuid primary key default gen_random_uuid(),
  email text not null unique,
  password_hash text,
  first_name text not null,
  last_name text not null,
  phone_number text,
  google_sub text unique,
  email_verified_at timestamptz,
  is_temporary boolean not null default false,
  is_demo boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint users_email_lower check (email = lower(email))
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
