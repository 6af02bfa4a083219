-- People whose billing data was erased (privacy's saga), by a SHA-256 of their user id: a provider webhook that
-- arrives afterwards (the cancellation's own) finds no one to store it for, instead of bringing the rows back.
create table erased_users (
  user_hash text primary key,
  erased_at timestamptz not null default now()
);
