-- The audit log is append-only, whatever the code does: no update and no delete, with two exceptions the database
-- itself checks. Entries older than 6 years (the terms' retention) may be deleted, by the retention job. And an
-- erasure may replace a person's id with their pseudonym and drop the email typed with it, nothing else, inside a
-- transaction that declares it (set local privacy.pseudonymising = 'on').
create function audit_log_append_only() returns trigger language plpgsql as $$
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
    and new.source_job_id is not distinct from old.source_job_id
    and new.email is null then
    return new;
  end if;
  raise exception 'the audit log is append-only' using errcode = 'insufficient_privilege';
end;
$$;

create trigger audit_log_append_only before update or delete on audit_log
  for each row execute function audit_log_append_only();

create function audit_log_no_truncate() returns trigger language plpgsql as $$
begin
  raise exception 'the audit log is append-only' using errcode = 'insufficient_privilege';
end;
$$;

create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_no_truncate();

-- The retention job deletes by age.
create index audit_log_by_time on audit_log (occurred_at);
