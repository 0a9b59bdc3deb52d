-- Database › Migrations (issue 26 point 10): every schema change Basalt runs for a member on a project's
-- database (the table editor, the Database pages, policies), as a numbered migration with the SQL that ran,
-- its author and time. `version` is a timestamp (YYYYMMDDHHMMSS), strictly increasing per project, so the
-- files named `<version>_<name>.sql` sort and apply in order with a migration tool (Supabase CLI, dbmate …).
create table basalt.project_migrations (
  project_id uuid not null references basalt.projects (id) on delete cascade,
  number integer not null,
  version text not null,
  name text not null,
  statements text not null,
  author_id uuid,
  author_email text,
  created_at timestamptz not null default now(),
  primary key (project_id, number),
  unique (project_id, version)
);
