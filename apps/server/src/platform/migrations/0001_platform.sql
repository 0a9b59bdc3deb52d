-- The platform store: everything Basalt itself knows, in schema basalt of the platform database.
-- The server keeps no state in memory (several replicas may run), so sessions and rate-limit counters
-- live here too.

create table basalt.users (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  password_hash text not null,
  display_name text,
  theme text not null default 'system' check (theme in ('system', 'light', 'dark')),
  -- AES-GCM (db/crypto.ts); set at enrolment, mfa_enabled only once a code confirmed it.
  mfa_secret_encrypted text,
  mfa_enabled boolean not null default false,
  created_at timestamptz not null default now()
);
create unique index users_email_key on basalt.users (lower(email));

create table basalt.sessions (
  id uuid primary key default gen_random_uuid(),
  -- SHA-256 of the cookie value: a leaked table does not yield usable sessions.
  token_hash text not null unique,
  user_id uuid not null references basalt.users (id) on delete cascade,
  aal text not null check (aal in ('aal1', 'aal2')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  last_seen_at timestamptz not null default now(),
  ip text,
  user_agent text
);
create index sessions_user_id_idx on basalt.sessions (user_id);

create table basalt.organizations (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique,
  name text not null,
  created_at timestamptz not null default now()
);

create table basalt.members (
  organization_id uuid not null references basalt.organizations (id) on delete cascade,
  user_id uuid not null references basalt.users (id) on delete cascade,
  role text not null check (role in ('owner', 'administrator', 'developer', 'read_only')),
  created_at timestamptz not null default now(),
  primary key (organization_id, user_id)
);
create index members_user_id_idx on basalt.members (user_id);

create table basalt.invitations (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique,
  organization_id uuid not null references basalt.organizations (id) on delete cascade,
  email text,
  role text not null check (role in ('owner', 'administrator', 'developer', 'read_only')),
  invited_by uuid references basalt.users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '7 days',
  accepted_at timestamptz,
  accepted_by uuid references basalt.users (id) on delete set null
);
create index invitations_organization_id_idx on basalt.invitations (organization_id);

create table basalt.projects (
  id uuid primary key default gen_random_uuid(),
  ref text not null unique check (ref ~ '^[a-z0-9]{1,40}$'),
  name text not null,
  -- Null only for the default project before the first sign-up adopts it.
  organization_id uuid references basalt.organizations (id) on delete restrict,
  status text not null check (status in ('coming_up', 'active', 'inactive', 'failed')),
  status_message text,
  kind text not null check (kind in ('embedded', 'external')),
  -- embedded: the database Basalt created on its own server; external: the encrypted connection string.
  database_name text,
  connection_string_encrypted text,
  created_at timestamptz not null default now(),
  check ((kind = 'embedded' and database_name is not null) or (kind = 'external' and connection_string_encrypted is not null))
);
create index projects_organization_id_idx on basalt.projects (organization_id);

create table basalt.access_tokens (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique,
  prefix text not null,
  name text not null,
  user_id uuid not null references basalt.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index access_tokens_user_id_idx on basalt.access_tokens (user_id);

-- No foreign keys: the log outlives the users and organisations it mentions.
create table basalt.audit_log (
  id bigserial primary key,
  organization_id uuid,
  organization_slug text,
  actor_id uuid,
  actor_email text,
  action text not null,
  target text,
  ip text,
  details jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index audit_log_actor_idx on basalt.audit_log (actor_id, id desc);
create index audit_log_organization_idx on basalt.audit_log (organization_id, id desc);

-- Failed sign-in and MFA attempts, counted per key ('account:<email>', 'ip:<address>', 'mfa:<user id>').
create table basalt.login_attempts (
  key text not null,
  at timestamptz not null default now()
);
create index login_attempts_key_at_idx on basalt.login_attempts (key, at);
