-- Durable events records has handled (a user's premium changed), each recorded in the transaction
-- that changed the codes' lifetimes, so a redelivered event does nothing twice (platform ProcessedEvents).
create table processed_events (
  event_id text primary key,
  subject text not null,
  processed_at timestamptz not null default now()
);
create index processed_events_processed_at on processed_events (processed_at);
