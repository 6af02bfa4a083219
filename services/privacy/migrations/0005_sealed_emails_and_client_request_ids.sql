-- Emails in the audit log are no longer kept in clear: `email` holds a ciphertext (the platform's field cipher,
-- ENCRYPTION_KEYS) and `email_index` a keyed hash (EMAIL_INDEX_KEY) to find a person's entries by address. The
-- database cannot encrypt (it has no key), and nothing was ever deployed: any email still in clear from a
-- development database is dropped here, the one time the append-only rule is set aside, inside this migration.
alter table audit_log add column email_index text;
-- The request id the client sent (X-Request-Id), kept beside ours; `request_id` is always ours.
alter table audit_log add column client_request_id text;
create index audit_log_by_email on audit_log (email_index) where email_index is not null;

alter table audit_log disable trigger audit_log_append_only;
update audit_log set email = null where email is not null and email not like 'v1.%';
alter table audit_log enable trigger audit_log_append_only;

-- The same rule as 0004, with the new columns: an erasure drops the sealed email and its index, and changes nothing
-- else but the user id.
create or replace function audit_log_append_only() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    if old.occurred_at < now() - interval '6 years' then
      return old;
    end if;
    raise exception 'the audit log is append-only: only entries older than 6 years may be deleted'
      using errcode = 'insufficient_privilege';
  end if;
  if coalesce(current_setting('privacy.pseudonymising', true), '') = 'on'
    and new.id = old.id
    and new.occurred_at = old.occurred_at
    and new.recorded_at = old.recorded_at
    and new.action = old.action
    and new.details = old.details
    and new.ip is not distinct from old.ip
    and new.user_agent is not distinct from old.user_agent
    and new.request_id is not distinct from old.request_id
    and new.client_request_id is not distinct from old.client_request_id
    and new.source_job_id is not distinct from old.source_job_id
    and new.email is null
    and new.email_index is null then
    return new;
  end if;
  raise exception 'the audit log is append-only' using errcode = 'insufficient_privilege';
end;
$$;
