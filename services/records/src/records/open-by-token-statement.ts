import { recordColumnsAs } from './record-row.js';

/**
 * What a scanned token opens, as one statement: the record with that token ($1 its keyed hash), else the first active record of the owner of the unrevoked printed tag with it (oldest
 * first, as RecordsRepository.findFirstActive), with whether the owner withdrew consent and the record's contacts.
 * A record's own token wins over a tag's. Each step is an indexed lookup: medical_records_by_token_index, printed_tags_token_index_key, medical_records_by_owner, consent_withdrawals_pkey,
 * medical_records_pkey and emergency_contacts_by_record.
 *
 * Named, so each pooled connection parses and plans it once (planning it cost about 1 ms, more than running it).
 */
export const openByTokenStatement = {
  name: 'records-open-by-token',
  text: `
    with opened as (
      select m.id as record_id, m.user_id as owner_id, false as via_tag
        from records.medical_records m
       where m.token_index = $1
      union all
      select first.id, t.user_id, true
        from records.printed_tags t
        left join lateral (
          select m.id from records.medical_records m
           where m.user_id = t.user_id and m.is_active and m.replaced_at is null
             and (m.expires_at is null or m.expires_at > now())
           order by m.created_at, m.id
           limit 1
        ) first on true
       where t.token_index = $1 and t.revoked_at is null
    )
    select o.owner_id is not null
             and exists (select 1 from records.consent_withdrawals w where w.user_id = o.owner_id) as "withdrawn",
           (select coalesce(json_agg(json_build_object('id', c.id, 'recordId', c.record_id, 'position', c.position,
                                                       'details', c.details, 'isPrimary', c.is_primary)
                                     order by c.position), '[]')
              from records.emergency_contacts c where c.record_id = m.id) as "contacts",
           ${recordColumnsAs('m')}
      from opened o
      left join records.medical_records m on m.id = o.record_id
     order by o.via_tag
     limit 1`,
};
