-- The SQL editor's own data (issue 12): its runs (the query history, and where a running query is, so that any
-- replica can cancel it) and the content API's snippets and reports with their favourites.

create table basalt.sql_runs (
  -- Chosen by the browser, so that it can cancel a run before the run's answer arrives.
  id uuid primary key,
  project_id uuid not null references basalt.projects (id) on delete cascade,
  user_id uuid not null references basalt.users (id) on delete cascade,
  query text not null,
  -- The login ('admin', 'read_only') or the impersonated role; and the auth user impersonated, if any.
  role text not null,
  impersonated_user_id uuid,
  status text not null check (status in ('running', 'success', 'error', 'cancelled', 'timeout')),
  started_at timestamptz not null default now(),
  duration_ms double precision,
  rows bigint,
  statement_count integer,
  error text,
  -- The backend running it while status is 'running': pg_cancel_backend(pid) from the same login stops it.
  pid integer,
  cancel_requested_at timestamptz
);
create index sql_runs_history_idx on basalt.sql_runs (project_id, user_id, started_at desc, id desc);

create table basalt.content (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references basalt.projects (id) on delete cascade,
  -- Null once the owner's account is gone: a shared snippet stays with the project.
  owner_id uuid references basalt.users (id) on delete set null,
  type text not null check (type in ('sql', 'report')),
  name text not null check (length(name) between 1 and 256),
  description text,
  visibility text not null check (visibility in ('user', 'project')),
  -- sql: { "sql": "…" }; report: the report's layout. A favourite is each member's own (content_favorites).
  content jsonb not null default '{}',
  inserted_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by uuid references basalt.users (id) on delete set null
);
create index content_project_idx on basalt.content (project_id, type);

create table basalt.content_favorites (
  content_id uuid not null references basalt.content (id) on delete cascade,
  user_id uuid not null references basalt.users (id) on delete cascade,
  primary key (user_id, content_id)
);
