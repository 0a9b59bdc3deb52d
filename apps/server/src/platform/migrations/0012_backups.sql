-- Backups and point-in-time recovery of embedded projects (issue 28): base backups (durable pg-boss jobs,
-- queue project-backup), restores (as project set-up: a restore into a new project or in place), and the
-- state of each project's WAL archive as Basalt last saw it (shipping to S3, the archiver's failures).
create table basalt.backups (
  id uuid primary key default gen_random_uuid(),
  project_ref text not null references basalt.projects (ref) on delete cascade,
  trigger text not null check (trigger in ('scheduled', 'manual', 'first', 'restore')),
  state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
  size bigint,
  timeline integer,
  start_lsn pg_lsn,
  start_wal text,
  stop_lsn pg_lsn,
  stop_wal text,
  error text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  stopped_at timestamptz
);
create index backups_project_ref_idx on basalt.backups (project_ref, created_at desc);

create table basalt.restores (
  id uuid primary key default gen_random_uuid(),
  -- The project whose backups are restored, and the one that receives them (itself when in place). No
  -- foreign key on the source: a restore into a new project outlives nothing of its source's but the files.
  source_ref text not null,
  target_ref text not null references basalt.projects (ref) on delete cascade,
  mode text not null check (mode in ('new_project', 'in_place')),
  target_time timestamptz,
  backup_id uuid references basalt.backups (id) on delete set null,
  state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
  phase text,
  error text,
  -- In place: the cluster directory the project had, kept until the restore is checked.
  kept_dir text,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index restores_target_ref_idx on basalt.restores (target_ref, created_at desc);

create table basalt.wal_archive_status (
  project_ref text primary key references basalt.projects (ref) on delete cascade,
  last_shipped_wal text,
  last_shipped_at timestamptz,
  last_failed_wal text,
  last_failed_at timestamptz,
  last_error text
);

alter table basalt.projects add column parent_project_ref text references basalt.projects (ref) on delete set null;
