-- Project isolation (docs/isolation.md): each project Basalt creates gets its own login roles, an admin and
-- a read-only one, whose passwords are kept encrypted here; on the embedded default it also gets its own
-- Postgres server, on the port recorded here.
alter table basalt.projects
  add column admin_role text,
  add column admin_password_encrypted text,
  add column readonly_role text,
  add column readonly_password_encrypted text,
  -- Embedded default only: the port of the project's own cluster on 127.0.0.1 (null until it has one).
  add column cluster_port integer unique,
  -- statement_timeout of dashboard calls on the project's database.
  add column statement_timeout_ms integer not null default 120000 check (statement_timeout_ms between 1000 and 86400000);
