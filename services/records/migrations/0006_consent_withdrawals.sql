-- People who revoked their consent to show their medical information (privacy controls). While a row is here, no
-- card or printed tag of theirs opens: it answers like an unknown card. Giving consent again removes the row; the
-- history of both is the privacy service's.
create table consent_withdrawals (
  user_id uuid primary key,
  withdrawn_at timestamptz not null default now()
);
