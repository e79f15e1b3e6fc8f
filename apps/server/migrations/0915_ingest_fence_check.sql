-- The ingest writer's lease fence inside its one write statement (src/ingest/persist.ts writeAll, a
-- select of the lease rows at the writer's epochs `for key share`; db/role-lease.ts FenceRows): when
-- it finds fewer rows than it holds leases for, another process holds one, and the statement must not
-- commit. This raises SQLSTATE TW002; the writer then runs its fence for the error and book-keeping.
create or replace function ingest_fence_check(expected integer, held bigint) returns integer
language plpgsql as $$
begin
  if held <> expected then
    raise exception 'ingest: % of % lease rows are no longer held at this writer''s epoch', expected - held, expected
      using errcode = 'TW002';
  end if;
  return 0;
end
$$;
