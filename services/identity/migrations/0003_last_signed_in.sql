-- When each account last signed in, so the first sign-in after registration greets a newcomer
-- and later ones welcome the person back. Accounts from before this column are taken as having
-- signed in already (a returning user told "welcome" once is the smaller mistake).
alter table users add column last_signed_in_at timestamptz;
update users set last_signed_in_at = created_at;
