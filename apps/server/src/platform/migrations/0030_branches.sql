-- Branches (issue 28 §4): a branch is a project with parent_project_ref set (0012), made from the parent's
-- backups. The schema changes recorded on it (project_migrations, 0026) up to this number were applied to
-- the parent.
alter table basalt.projects add column branch_applied_through integer not null default 0;
alter table basalt.backups drop constraint backups_trigger_check;
alter table basalt.backups add constraint backups_trigger_check
  check (trigger in ('scheduled', 'manual', 'first', 'restore', 'branch'));
