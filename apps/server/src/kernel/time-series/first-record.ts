/**
 * When a site's record begins (docs/decisions/before-first-record-is-a-gap.md): its oldest
 * event or its creation, whichever is earlier. Reports count the time before it as a gap, not as
 * availability. One index descent per site (`events_site_id_idx`).
 */
export function firstRecordSql(site: string): string {
  return `least(${site}.created_at, (select fr.time from events fr where fr.site_uid = ${site}.uid order by fr.id limit 1))`;
}
