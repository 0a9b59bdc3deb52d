-- Auth › Users reads and writes what GoTrue (Supabase Auth) keeps, so that a GoTrue pointed at the same
-- database signs in the users Basalt creates: the identities table and the auth.users columns GoTrue reads.
-- As in 0003, each table and column is created only when missing: a Supabase database is left as it is.

select _basalt.add_column_if_missing('auth.users', 'instance_id', 'uuid');
select _basalt.add_column_if_missing('auth.users', 'aud', 'varchar(255)');
select _basalt.add_column_if_missing('auth.users', 'role', 'varchar(255)');
select _basalt.add_column_if_missing('auth.users', 'phone_confirmed_at', 'timestamptz');
select _basalt.add_column_if_missing(
  'auth.users',
  'confirmed_at',
  'timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored'
);
-- GoTrue reads these tokens into strings, which fails on NULL: they default to ''.
select _basalt.add_column_if_missing('auth.users', 'confirmation_token', 'varchar(255) default ''''');
select _basalt.add_column_if_missing('auth.users', 'recovery_token', 'varchar(255) default ''''');
select _basalt.add_column_if_missing('auth.users', 'email_change_token_new', 'varchar(255) default ''''');
select _basalt.add_column_if_missing('auth.users', 'email_change', 'varchar(255) default ''''');
select _basalt.add_column_if_missing('auth.users', 'email_change_token_current', 'varchar(255) default ''''');
select _basalt.add_column_if_missing('auth.users', 'phone_change', 'text default ''''');
select _basalt.add_column_if_missing('auth.users', 'phone_change_token', 'varchar(255) default ''''');
select _basalt.add_column_if_missing('auth.users', 'reauthentication_token', 'varchar(255) default ''''');

do $$
begin
  if to_regclass('auth.identities') is null then
    create table auth.identities (
      provider_id text not null,
      user_id uuid not null references auth.users (id) on delete cascade,
      identity_data jsonb not null,
      provider text not null,
      last_sign_in_at timestamptz,
      created_at timestamptz default now(),
      updated_at timestamptz default now(),
      email text generated always as (lower(identity_data ->> 'email')) stored,
      id uuid not null default gen_random_uuid() primary key,
      constraint identities_provider_id_provider_unique unique (provider_id, provider)
    );
    create index identities_user_id_idx on auth.identities (user_id);
    create index identities_email_idx on auth.identities (email text_pattern_ops);
  end if;
end
$$;
