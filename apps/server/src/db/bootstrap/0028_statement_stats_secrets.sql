-- pg_stat_statements keeps a utility statement's text as it was written — PostgreSQL 18 included: `create role
-- … password 'secret'` is stored with its password — and the query-performance report shows those texts to
-- every member who may read the project's reports, Read-only ones too. A statement that may carry a password
-- or credentials (a role's password, a user mapping's options, a subscription's connection string) keeps its
-- figures here, and its text is replaced by a line that says why. The rule is deliberately wide: a statement
-- that merely mentions a password loses its text too, never the other way round. The Postgres log collector
-- applies the same rule to the statements it stores (logs/postgres-logs.ts).
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
      'select s.queryid,
              case when s.query ~* ''(password|user\s+mapping|subscription)''
                   then ''-- statement text not shown: it may hold a password or credentials''
                   else s.query end,
              s.calls, s.total_exec_time, s.mean_exec_time, s.max_exec_time, s.rows, r.rolname
         from extensions.pg_stat_statements s left join pg_catalog.pg_roles r on r.oid = s.userid
        where s.dbid = (select oid from pg_catalog.pg_database where datname = pg_catalog.current_database())';
  end
  $$;
revoke all on function _basalt.statement_stats() from public;
