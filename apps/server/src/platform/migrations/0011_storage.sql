-- Storage (issue 24): the project's upload limit (spec 3 §9: 50 GB by default), the project's JWT secret
-- (signs signed URLs now, the anon and service_role keys in part 2; encrypted like every secret, created when
-- first needed), and the bucket jobs' progress (empty, delete; run by pg-boss, queue storage-bucket).
alter table basalt.projects
  add column storage_file_size_limit bigint not null default 53687091200
    check (storage_file_size_limit between 0 and 53687091200),
  add column jwt_secret_encrypted text;

create table basalt.storage_jobs (
  id uuid primary key default gen_random_uuid(),
  project_ref text not null references basalt.projects (ref) on delete cascade,
  bucket_id text not null,
  kind text not null check (kind in ('empty', 'delete')),
  state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
  deleted bigint not null default 0,
  total bigint,
  error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index storage_jobs_project_ref_idx on basalt.storage_jobs (project_ref, created_at desc);
