-- Medical records, their emergency contacts and the log of card views.
-- Medical details, names, email, phone and contacts are AES-256-GCM ciphertexts (row id bound as context).
CREATE TABLE medical_records (
  id uuid PRIMARY KEY,
  token text NOT NULL UNIQUE,
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
