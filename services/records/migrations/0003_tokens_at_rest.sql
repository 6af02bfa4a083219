-- Card tokens at rest: a keyed hash to find a card by (token_index) and a ciphertext to draw its QR
-- and show its link (token_ciphertext), so the database alone opens no card. Rows written before
-- this keep their plain token until the service seals them at start (TokenSealer); the column is
-- dropped by a later migration once every copy has run that.
alter table medical_records
  add column token_index text,
  add column token_ciphertext text,
  alter column token drop not null;

create unique index medical_records_by_token_index on medical_records (token_index);

alter table medical_records add constraint medical_records_token_stored
  check ((token_index is not null and token_ciphertext is not null) or token is not null);
