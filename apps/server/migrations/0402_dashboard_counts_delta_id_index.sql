-- Dashboard counters, part 3: the readers' change check (`count(*), max(id)` of the delta tables, see
-- part 2) as index-only scans instead of reading the tables.
create index if not exists alarm_count_deltas_id_idx on alarm_count_deltas (id);
create index if not exists site_summary_deltas_id_idx on site_summary_deltas (id);
