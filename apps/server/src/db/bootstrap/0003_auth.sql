-- Created only when missing (checked first: even IF NOT EXISTS needs CREATE on a schema that, on Supabase,
-- belongs to another role).
do $$
begin
  if to_regclass('auth.users') is null then
    create table auth.users (id uuid primary key default gen_random_uuid());
  end if;
end
$$;

-- Each column is added only when missing, so a Supabase auth.users (which has these and many more) is
-- left as it is.
select _basalt.add_column_if_missing('auth.users', 'email', 'text');
select _basalt.add_column_if_missing('auth.users', 'phone', 'text');
select _basalt.add_column_if_missing('auth.users', 'encrypted_password', 'text');
select _basalt.add_column_if_missing('auth.users', 'raw_app_meta_data', 'jsonb');
select _basalt.add_column_if_missing('auth.users', 'raw_user_meta_data', 'jsonb');
select _basalt.add_column_if_missing('auth.users', 'created_at', 'timestamptz default now()');
select _basalt.add_column_if_missing('auth.users', 'updated_at', 'timestamptz default now()');
select _basalt.add_column_if_missing('auth.users', 'last_sign_in_at', 'timestamptz');
select _basalt.add_column_if_missing('auth.users', 'email_confirmed_at', 'timestamptz');
select _basalt.add_column_if_missing('auth.users', 'banned_until', 'timestamptz');
select _basalt.add_column_if_missing('auth.users', 'deleted_at', 'timestamptz');
select _basalt.add_column_if_missing('auth.users', 'is_anonymous', 'boolean not null default false');

-- Claims come from request.jwt.claims (JSON), or the older per-claim settings request.jwt.claim.<name>.
do $$
begin
  if to_regprocedure('auth.uid()') is null then
    create function auth.uid() returns uuid
      language sql stable
      as $f$
        select coalesce(
          nullif(current_setting('request.jwt.claim.sub', true), ''),
          nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'
        )::uuid
      $f$;
  end if;
  if to_regprocedure('auth.role()') is null then
    create function auth.role() returns text
      language sql stable
      as $f$
        select coalesce(
          nullif(current_setting('request.jwt.claim.role', true), ''),
          nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'
        )::text
      $f$;
  end if;
  if to_regprocedure('auth.email()') is null then
    create function auth.email() returns text
      language sql stable
      as $f$
        select coalesce(
          nullif(current_setting('request.jwt.claim.email', true), ''),
          nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email'
        )::text
      $f$;
  end if;
  if to_regprocedure('auth.jwt()') is null then
    create function auth.jwt() returns jsonb
      language sql stable
      as $f$
        select coalesce(
          nullif(current_setting('request.jwt.claim', true), ''),
          nullif(current_setting('request.jwt.claims', true), '')
        )::jsonb
      $f$;
  end if;
end
$$;
