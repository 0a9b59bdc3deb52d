-- Query performance (issue 27): pg_stat_statements, which Basalt's own clusters preload
-- (shared_preload_libraries), created where Basalt may create it (a superuser bootstraps the database), and
-- read through two functions that answer for this database only, so that neither project role needs
-- pg_read_all_stats (which reaches every database of the server). Elsewhere the extension stays absent and
-- the query-performance report says how to enable it.
do $$
begin
  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_stat_statements')
     and (select rolsuper from pg_catalog.pg_roles where rolname = current_user) then
    create extension if not exists pg_stat_statements with schema extensions;
  end if;
end
$$;

create or replace function _basalt.statement_stats()
  returns table (queryid bigint, query text, calls bigint, total_exec_time double precision,
                 mean_exec_time double precision, max_exec_time double precision, rows bigint,
                 role_name name)
  language plpgsql
  security definer
  set search_path = pg_catalog
  as $$
  begin
    return query execute
      'select s.queryid, s.query, s.calls, s.total_exec_time, s.mean_exec_time, s.max_exec_time, s.rows,
              r.rolname
         from extensions.pg_stat_statements s left join pg_catalog.pg_roles r on r.oid = s.userid
        where s.dbid = (select oid from pg_catalog.pg_database where datname = pg_catalog.current_database())';
  end
  $$;
revoke all on function _basalt.statement_stats() from public;

create or replace function _basalt.reset_statement_stats()
  returns void
  language plpgsql
  security definer
  set search_path = pg_catalog
  as $$
  begin
    execute 'select extensions.pg_stat_statements_reset(0, (select oid from pg_catalog.pg_database
                     where datname = pg_catalog.current_database()), 0)';
  end
  $$;
revoke all on function _basalt.reset_statement_stats() from public;

-- Connections to this database by state, for the database report (sampled every minute by Basalt): the
-- project roles see other roles' sessions without their state.
create or replace function _basalt.connection_states()
  returns table (state text, connections bigint)
  language sql
  security definer
  set search_path = pg_catalog
  as $$
    select coalesce(a.state, a.backend_type), count(*)
      from pg_catalog.pg_stat_activity a
     where a.datname = pg_catalog.current_database()
     group by 1
  $$;
revoke all on function _basalt.connection_states() from public;
