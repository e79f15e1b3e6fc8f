-- Dashboard counters, part 4: rows written by a compaction are marked, so a reader that applies new
-- delta rows to what it read before (instead of re-reading every key) knows when to start over.
alter table alarm_count_deltas add column compacted boolean not null default false;
alter table site_summary_deltas add column compacted boolean not null default false;
