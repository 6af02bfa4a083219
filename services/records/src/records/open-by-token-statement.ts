import { recordColumnsAs } from './record-row.js';

/**
 * What a key opens, as one statement, keyed by `column` (a token's hash, or a printed reference's): the record with
 * that key ($1 its keyed hash), else the first active record of the owner of the unrevoked printed tag with it (oldest
 * first, as RecordsRepository.findFirstActive), with whether the owner withdrew consent, the record's contacts, and,
 * for a tag, its id and reference (the one printed with what was opened). A record's own key wins over a tag's.
 */
function openStatement(name: string, column: 'token_index' | 'reference_index') {
  return {
    name,
    text: `
    with opened as (
      select m.id as record_id, m.user_id as owner_id, null::uuid as tag_id, null::text as tag_reference,
             false as via_tag
        from records.medical_records m
       where m.${column} = $1
      union all
      select first.id, t.user_id, t.id, t.reference_ciphertext, true
        from records.printed_tags t
        left join lateral (
          select m.id from records.medical_records m
           where m.user_id = t.user_id and m.is_active and m.replaced_at is null
             and (m.expires_at is null or m.expires_at > now())
           order by m.created_at, m.id
           limit 1
        ) first on true
       where t.${column} = $1 and t.revoked_at is null
    )
    select o.owner_id is not null
             and exists (select 1 from records.consent_withdrawals w where w.user_id = o.owner_id) as "withdrawn",
           (select coalesce(json_agg(json_build_object('id', c.id, 'recordId', c.record_id, 'position', c.position,
                                                       'details', c.details, 'isPrimary', c.is_primary)
                                     order by c.position), '[]')
              from records.emergency_contacts c where c.record_id = m.id) as "contacts",
           o.tag_id as "openedTagId", o.tag_reference as "openedTagReference",
           ${recordColumnsAs('m')}
      from opened o
      left join records.medical_records m on m.id = o.record_id
     order by o.via_tag
     limit 1`,
  };
}

/**
 * What a scanned token opens. Each step is an indexed lookup: medical_records_by_token_index,
 * printed_tags_token_index_key, medical_records_by_owner, consent_withdrawals_pkey, medical_records_pkey and
 * emergency_contacts_by_record.
 *
 * Named, so each pooled connection parses and plans it once (planning it cost about 1 ms, more than running it).
 */
export const openByTokenStatement = openStatement('records-open-by-token', 'token_index');

/**
 * What a texted reference opens: exactly what the token beside it on the print opens (the same statement on the
 * reference's hash), found through medical_records_by_reference_index and printed_tags_by_reference_index.
 */
export const openByReferenceStatement = openStatement('records-open-by-reference', 'reference_index');
