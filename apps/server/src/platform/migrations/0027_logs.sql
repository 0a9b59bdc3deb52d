-- Logs (issue 27): per project, the API log of every request Basalt answered for it, its Postgres' own log
-- lines (jsonlog, collected from the embedded clusters), and figures sampled every minute for the built-in
-- reports. In the platform database so that every replica writes and reads the same logs (docs/scaling.md);
-- partitioned by day, so that pruning after LOG_RETENTION_DAYS drops whole partitions (docs/logs.md). Each
-- table has a default partition: a row is never refused for want of its day's partition, which the logs job
-- creates ahead of time.
create schema basalt_logs;

create table basalt_logs.api_log (
  id uuid not null default gen_random_uuid(),
  project_ref text not null,
  ts timestamptz not null,
  method text not null,
  path text not null,
  status smallint not null,
  duration_ms real not null,
  member_id uuid,
  member_email text,
  response_bytes bigint,
  user_agent text
) partition by range (ts);
create table basalt_logs.api_log_default partition of basalt_logs.api_log default;
create index api_log_project_ts_idx on basalt_logs.api_log (project_ref, ts);

create table basalt_logs.postgres_log (
  id uuid not null default gen_random_uuid(),
  project_ref text not null,
  ts timestamptz not null,
  severity text not null,
  sqlstate text,
  message text not null,
  detail text,
  hint text,
  statement text,
  user_name text,
  database_name text,
  application_name text,
  backend_type text,
  pid integer,
  session_id text
) partition by range (ts);
create table basalt_logs.postgres_log_default partition of basalt_logs.postgres_log default;
create index postgres_log_project_ts_idx on basalt_logs.postgres_log (project_ref, ts);

-- One figure of one minute: metric is e.g. 'database_bytes', 'connections' (label: the state),
-- 'bucket_bytes' (label: the bucket).
create table basalt_logs.samples (
  project_ref text not null,
  ts timestamptz not null,
  metric text not null,
  label text not null default '',
  value double precision not null
) partition by range (ts);
create table basalt_logs.samples_default partition of basalt_logs.samples default;
create index samples_project_metric_ts_idx on basalt_logs.samples (project_ref, metric, ts);

-- How far the collector has read each Postgres log file (the file name is the cluster's, under its log/).
create table basalt_logs.collector_offsets (
  project_ref text not null references basalt.projects (ref) on delete cascade,
  file text not null,
  read_bytes bigint not null,
  updated_at timestamptz not null default now(),
  primary key (project_ref, file)
);

-- The logs explorer's recent queries, per member and project (the last 50 are kept).
create table basalt_logs.recent_queries (
  id uuid primary key default gen_random_uuid(),
  project_ref text not null references basalt.projects (ref) on delete cascade,
  user_id uuid not null references basalt.users (id) on delete cascade,
  sql text not null,
  ran_at timestamptz not null default now()
);
create index recent_queries_member_idx on basalt_logs.recent_queries (user_id, project_ref, ran_at desc);
