-- The billing schema as it stands: the earlier steps squashed into one before the first deployment
-- (nothing was ever deployed, so no database needs the transitional steps).

-- The provider's customer of each user, made once (on the first subscribe) and kept.
create table customers (
  user_id uuid primary key,
  stripe_customer_id text not null unique,
  created_at timestamptz not null default now()
);

-- Each subscription as the provider last described it. Rows are written only from what the
-- provider answers (never from what a browser says), and kept after they end.
create table subscriptions (
  stripe_subscription_id text primary key,
  user_id uuid not null,
  stripe_customer_id text not null,
  status text not null,
  current_period_start timestamptz not null,
  current_period_end timestamptz not null,
  cancel_at_period_end boolean not null default false,
  started_at timestamptz not null,
  ended_at timestamptz,
  price_id text,
  price_cents integer,
  currency text,
  billing_interval text,
  -- When the provider created it: "the user's latest subscription" orders by this.
  created_at timestamptz not null,
  updated_at timestamptz not null default now()
);
create index subscriptions_user_id on subscriptions (user_id, created_at desc);

-- What the other services were last told about each user's premium (subscription.updated), so
-- a change is announced once, including an end that only the clock brought.
create table premium_announcements (
  user_id uuid primary key,
  is_premium boolean not null,
  expires_at timestamptz,
  cancel_at_period_end boolean not null,
  -- Counts announcements: part of each one's event id, so a retried one keeps its id.
  version integer not null,
  announced_at timestamptz not null default now()
);
create index premium_announcements_premium_until on premium_announcements (expires_at) where is_premium;


-- People whose billing data was erased (privacy's saga), by a SHA-256 of their user id: a provider webhook that
-- arrives afterwards (the cancellation's own) finds no one to store it for, instead of bringing the rows back.
create table erased_users (
  user_hash text primary key,
  erased_at timestamptz not null default now()
);
