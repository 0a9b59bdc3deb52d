-- The logs explorer's sources, rebuilt so that a member's query over 1,000,000 lines answers in < 1 s and
-- reads nothing of another project (issue 27, docs/logs.md).
--
-- Until now each project had a schema logs_<ref> of security-barrier views with the project's ref written in
-- them. A security-barrier view is planned apart from the query around it, so `order by timestamp desc limit
-- 100` sorted every row of the range (seconds) instead of walking the (project_ref, ts) index; and the views'
-- text, the schemas' and the roles' names told every reader the other projects' refs.
--
-- Now the rows a log reader sees are decided by row level security on the log tables, keyed on who is
-- connected: the reader's login role and its backend, whose project and time range Basalt writes in
-- basalt_logs.reader_sessions just before it runs the member's query. The reader cannot write that table
-- (nor read it), so its SQL cannot widen the range or change the project, whatever it sets. The views of
-- schema basalt_log_sources (the same for every project) are security_invoker, so the planner sees through
-- them to the tables' indexes; on PostgreSQL 14, which has no security_invoker, they are security-barrier
-- views with the same conditions written in (slower, as safe).

create table basalt_logs.reader_sessions (
  pid integer primary key,
  role_name name not null,
  project_ref text not null,
  from_ts timestamptz not null,
  to_ts timestamptz not null,
  updated_at timestamptz not null default now()
);

-- The project, and the bounds, of the session asking: null (so no row) for any other session. Security
-- definer, so that the reader needs no access to reader_sessions; session_user, because a reader is a member of
-- no role and cannot change it.
create function basalt_logs.reader_project() returns text
  language sql stable security definer set search_path = pg_catalog
  as $$ select project_ref from basalt_logs.reader_sessions where pid = pg_backend_pid() and role_name = session_user $$;
create function basalt_logs.reader_from() returns timestamptz
  language sql stable security definer set search_path = pg_catalog
  as $$ select from_ts from basalt_logs.reader_sessions where pid = pg_backend_pid() and role_name = session_user $$;
create function basalt_logs.reader_to() returns timestamptz
  language sql stable security definer set search_path = pg_catalog
  as $$ select to_ts from basalt_logs.reader_sessions where pid = pg_backend_pid() and role_name = session_user $$;
revoke all on function basalt_logs.reader_project(), basalt_logs.reader_from(), basalt_logs.reader_to() from public;

-- Basalt owns the tables, so its own reads and writes are not subject to these policies; every other role is.
-- Scalar subqueries: each function runs once per query (an InitPlan), and the index conditions use them.
alter table basalt_logs.api_log enable row level security;
create policy log_reader on basalt_logs.api_log for select using (
  project_ref = (select basalt_logs.reader_project())
  and ts >= (select basalt_logs.reader_from()) and ts <= (select basalt_logs.reader_to())
);
alter table basalt_logs.postgres_log enable row level security;
create policy log_reader on basalt_logs.postgres_log for select using (
  project_ref = (select basalt_logs.reader_project())
  and ts >= (select basalt_logs.reader_from()) and ts <= (select basalt_logs.reader_to())
);

-- The explorer's usual questions, as index walks: errors newest first, and the slowest requests.
create index api_log_errors_idx on basalt_logs.api_log (project_ref, ts) where status >= 400;
create index api_log_duration_idx on basalt_logs.api_log (project_ref, duration_ms, ts);
create index postgres_log_errors_idx on basalt_logs.postgres_log (project_ref, ts)
  where severity in ('ERROR', 'FATAL', 'PANIC');

create schema basalt_log_sources;
do $$
declare
  invoker boolean := current_setting('server_version_num')::int >= 150000;
  options text := case when invoker then 'security_invoker' else 'security_barrier' end;
  -- Written in only where the view is not security_invoker (the policies above do it otherwise).
  scope text := case when invoker then 'true' else
    'l.project_ref = (select basalt_logs.reader_project()) and l.ts >= (select basalt_logs.reader_from())
     and l.ts <= (select basalt_logs.reader_to())' end;
  api text := 'select l.id, l.ts as "timestamp", l.method, l.path, l.status, l.duration_ms,
                      l.member_email as member, l.response_bytes as bytes, l.user_agent
                 from basalt_logs.api_log l where ' || scope;
begin
  execute format('create view basalt_log_sources.edge_logs with (%s) as %s', options, api);
  execute format('create view basalt_log_sources.storage_logs with (%s) as %s and (l.path like %L or l.path like %L)',
                 options, api, '/api/storage/%', '/project-api/:ref/storage/%');
  execute format(
    'create view basalt_log_sources.postgres_logs with (%s) as
       select l.id, l.ts as "timestamp", l.severity, l.sqlstate, l.message, l.detail, l.hint, l.statement,
              l.user_name, l.database_name, l.application_name, l.backend_type
         from basalt_logs.postgres_log l where %s', options, scope);
end $$;
-- Auth events are the audit log's changes to the project's users (never the address they came from): a
-- security-barrier view read as its owner, whose conditions name the session's project and range.
create view basalt_log_sources.auth_logs with (security_barrier) as
  select a.id::text as id, a.created_at as "timestamp", a.action, a.actor_email as member, a.target,
         a.details - 'project' as details
    from basalt.audit_log a
   where a.details ->> 'project' = (select basalt_logs.reader_project()) and a.action like 'auth.%'
     and a.created_at >= (select basalt_logs.reader_from()) and a.created_at <= (select basalt_logs.reader_to());
revoke all on schema basalt_log_sources from public;
revoke all on all tables in schema basalt_log_sources from public;

-- The previous readers: their schemas (logs_<ref>) and roles (basalt_logs_<ref>_<hash of this database's
-- name>, so another Basalt's on the same server are left alone). LogReaders makes the new ones as it needs
-- them. A role that cannot be dropped here (it holds something elsewhere) is left, powerless: its schema is
-- gone.
do $$
declare
  r record;
  suffix text := substr(encode(sha256(convert_to(current_database(), 'UTF8')), 'hex'), 1, 8);
begin
  for r in select n.nspname from pg_namespace n join basalt.projects p on n.nspname = 'logs_' || p.ref loop
    execute format('drop schema %I cascade', r.nspname);
  end loop;
  for r in select rolname from pg_roles
            where rolname like 'basalt\_logs\_%' and right(rolname, 9) = '_' || suffix loop
    begin
      execute format('revoke all on database %I from %I', current_database(), r.rolname);
      execute format('drop role %I', r.rolname);
    exception when others then
      raise notice 'log reader % left: %', r.rolname, sqlerrm;
    end;
  end loop;
end $$;
