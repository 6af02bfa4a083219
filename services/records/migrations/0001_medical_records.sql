-- The records schema as it stands: the earlier steps squashed into one before the first deployment
-- (nothing was ever deployed, so no database needs the transitional steps).

-- Medical records, their emergency contacts and the log of card views.
-- Medical details, names, email, phone and contacts are AES-256-GCM ciphertexts (row id bound as context).
CREATE TABLE medical_records (
  id uuid PRIMARY KEY,
  -- The card token at rest: a keyed hash to find the card by, and a ciphertext to draw its QR and link (the
  -- row id as context), so the database alone opens no card.
  token_index text NOT NULL,
  token_ciphertext text NOT NULL,
  -- Null for codes made anonymously.
  user_id uuid,
  -- HMAC-SHA256 of the lowercased email, so "one free code per email" needs no plaintext email.
  email_index text NOT NULL,
  -- Encrypted JSON: names, email, phone, gender, blood group, allergies, conditions, organ donor.
  details text NOT NULL,
  has_given_consent boolean NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  -- Null for premium records, which never expire.
  expires_at timestamptz,
  -- Set when a newer code of the same free user took this one's place.
  replaced_at timestamptz,
  -- Last scan alert sent to a premium owner; alerts are at least 10 minutes apart.
  last_alert_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX medical_records_by_token_index ON medical_records (token_index);
CREATE INDEX medical_records_by_owner ON medical_records (user_id, created_at DESC) WHERE user_id IS NOT NULL;
-- One free anonymous code per email, ever; the database decides, not a race.
CREATE UNIQUE INDEX medical_records_one_anonymous_per_email ON medical_records (email_index) WHERE user_id IS NULL;
CREATE INDEX medical_records_due ON medical_records (expires_at) WHERE is_active AND expires_at IS NOT NULL;

CREATE TABLE emergency_contacts (
  id uuid PRIMARY KEY,
  record_id uuid NOT NULL REFERENCES medical_records (id) ON DELETE CASCADE,
  position smallint NOT NULL,
  -- Encrypted JSON: name, phone, relationship.
  details text NOT NULL,
  is_primary boolean NOT NULL DEFAULT false
);

CREATE INDEX emergency_contacts_by_record ON emergency_contacts (record_id, position);

CREATE TABLE scan_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  record_id uuid NOT NULL REFERENCES medical_records (id) ON DELETE CASCADE,
  viewed_at timestamptz NOT NULL DEFAULT now(),
  -- Coarse: browser family and platform ("Chrome on Android"), never the full user agent.
  viewer text NOT NULL,
  source text NOT NULL CHECK (source IN ('card', 'scanner'))
);

CREATE INDEX scan_events_by_record ON scan_events (record_id, viewed_at DESC);


-- An anonymous code becomes its owner's when they verify that email (or sign in with Google for it):
-- claimed_at says when. A claimed code still counts as that email's one free anonymous code.
alter table medical_records add column claimed_at timestamptz;

drop index medical_records_one_anonymous_per_email;
create unique index medical_records_one_anonymous_per_email on medical_records (email_index)
  where user_id is null or claimed_at is not null;

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

-- People who revoked their consent to show their medical information (privacy controls). While a row is here, no
-- card or printed tag of theirs opens: it answers like an unknown card. Giving consent again removes the row; the
-- history of both is the privacy service's.
create table consent_withdrawals (
  user_id uuid primary key,
  withdrawn_at timestamptz not null default now()
);

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

-- Each save of a record's details raises its version by one. A save made from an older version is refused with the
-- current record, so an edit in one tab never silently undoes another tab's (optimistic concurrency, no locks held
-- while a person types).
alter table medical_records add column version integer not null default 1;

-- What the owner calls each of their codes ("Me", "Sam (child)", "Bag tag"), so a premium member with several codes
-- tells them apart. It may name a child or a condition, so it is sealed like the details: encrypted with the row id as
-- context (`<id>/label`), apart from the details so a list of codes reads labels without opening any medical value.
-- Null: no label. (Numbered 0009 so it never shares a number with another branch's 0008; migrations run by name.)
alter table medical_records add column label_ciphertext text;
