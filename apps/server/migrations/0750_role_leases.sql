-- Single-writer leases of the server's roles (docs/operations.md "Two ingest processes",
-- docs/decisions/ingest-single-writer-lease.md). One row per role ('ingest'): the process holding it
-- is the only one that writes; every write transaction of the holder locks the row at its epoch
-- (`for key share`), and a takeover changes the epoch, so a process that lost the lease can never
-- commit again.
create table role_leases (
  name text primary key,
  -- Bumped by every takeover. In a unique key, so changing it conflicts with `for key share`.
  epoch bigint not null default 0,
  -- Who holds it (host, pid), for operators.
  holder text,
  -- Backend pid of the holder's lease session: gone from pg_stat_activity = the holder died.
  holder_pid integer,
  -- Renewed by the holder; past it, the lease may be taken over.
  expires_at timestamptz not null default '-infinity',
  acquired_at timestamptz,
  -- Ingest behind an external broker: the persistent MQTT session every holder resumes, so a takeover
  -- receives what the broker queued for the previous holder.
  mqtt_client_id text,
  unique (name, epoch)
);
