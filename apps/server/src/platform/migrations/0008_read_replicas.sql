-- Read replicas of projects (embedded default): a hot standby cluster of the project's own, streaming from
-- it, on its own port of 127.0.0.1.
create table basalt.project_replicas (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references basalt.projects (id) on delete cascade,
  identifier text not null unique,
  status text not null check (status in ('coming_up', 'active', 'failed')),
  status_message text,
  cluster_port integer not null unique,
  created_at timestamptz not null default now()
);
create index project_replicas_project_id_idx on basalt.project_replicas (project_id);
