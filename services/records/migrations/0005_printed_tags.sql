-- Printed tags: each ordered item carries a token of its own that opens its owner's current active
-- record, so a keychain outlives the codes it shows. Stored like card tokens (0003): a keyed hash to
-- find a tag by (token_index, under the same key as medical_records.token_index, so a card token is
-- hashed once whichever table holds it) and a ciphertext to print and list its link (token_ciphertext,
-- bound to the row id). The database alone opens no card.
create table printed_tags (
  id uuid primary key,
  user_id uuid not null,
  -- One tag per item of an order: asking again for the same item (a retry) answers the same tag.
  order_id uuid not null,
  item_index integer not null check (item_index >= 0),
  token_index text not null unique,
  token_ciphertext text not null,
  created_at timestamptz not null default now(),
  -- Set when the owner revoked it (a lost keychain); a revoked tag answers like an unknown card.
  revoked_at timestamptz,
  unique (order_id, item_index)
);

create index printed_tags_by_owner on printed_tags (user_id, created_at desc);
