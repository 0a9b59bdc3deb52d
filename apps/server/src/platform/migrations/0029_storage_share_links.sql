-- Share links (issue 25 point 7): a link to one object that anyone holding it may download, until it expires,
-- is revoked or has been downloaded max_downloads times, with an optional password. Only the token's SHA-256
-- is kept (the token itself is shown once, in the link); the password as a bcrypt hash.
create table basalt.storage_share_links (
  id uuid primary key default gen_random_uuid(),
  token_hash bytea not null unique,
  project_ref text not null references basalt.projects (ref) on delete cascade,
  bucket_id text not null,
  object_name text not null,
  expires_at timestamptz not null,
  password_hash text,
  max_downloads integer check (max_downloads is null or max_downloads > 0),
  downloads integer not null default 0 check (downloads >= 0),
  revoked_at timestamptz,
  created_by uuid references basalt.users (id) on delete set null,
  created_by_email text,
  created_at timestamptz not null default now(),
  check (max_downloads is null or downloads <= max_downloads)
);
create index storage_share_links_bucket_idx on basalt.storage_share_links (project_ref, bucket_id, created_at desc);
