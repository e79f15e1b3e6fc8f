-- Partitioned ingest on NATS JetStream (docs/operations.md "Scale-out with NATS JetStream",
-- docs/decisions/nats-partitioned-ingest.md). One row per partition of the device stream: the worker
-- holding it is the only one that consumes and writes the partition's devices; every write transaction
-- locks the rows of the partitions it writes for at its epochs (`for key share`), and a takeover
-- changes the epoch, so a worker that lost a partition can never commit for it again.
create table partition_leases (
  partition integer primary key,
  -- Bumped by every takeover. In a unique key, so changing it conflicts with `for key share`.
  epoch bigint not null default 0,
  -- The holding worker's id (host:pid:random), for operators and its own renewals.
  holder text,
  -- Backend pid of the holder's lease session: gone from pg_stat_activity = the holder died.
  holder_pid integer,
  -- Renewed by the holder; past it, the partition may be taken over.
  expires_at timestamptz not null default '-infinity',
  acquired_at timestamptz,
  unique (partition, epoch)
);

-- The ingest workers alive (heartbeat): each takes about partitions / workers.
create table ingest_workers (
  worker text primary key,
  holder_pid integer not null,
  expires_at timestamptz not null,
  started_at timestamptz not null default now()
);
