-- Ingest claims message ids optimistically in the same statement as its writes (src/ingest/persist.ts
-- writeAll): when an id turns out to be accepted before (a redelivery), the statement must not commit.
-- This raises SQLSTATE TW001 so the writer reloads the sites and redoes the batch with a duplicate check.
create or replace function ingest_claims_check(expected integer, claimed bigint) returns integer
language plpgsql as $$
begin
  if claimed <> expected then
    raise exception 'ingest: % of % message ids were accepted before', expected - claimed, expected
      using errcode = 'TW001';
  end if;
  return 0;
end
$$;
