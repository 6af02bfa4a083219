-- An anonymous code becomes its owner's when they verify that email (or sign in with Google for it):
-- claimed_at says when. A claimed code still counts as that email's one free anonymous code.
alter table medical_records add column claimed_at timestamptz;

drop index medical_records_one_anonymous_per_email;
create unique index medical_records_one_anonymous_per_email on medical_records (email_index)
  where user_id is null or claimed_at is not null;
