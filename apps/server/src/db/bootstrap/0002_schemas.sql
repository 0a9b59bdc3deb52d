create schema if not exists auth;
create schema if not exists storage;
create schema if not exists extensions;

-- Granted only where missing: on a Supabase database the admin role may hold no grant option on these.
do $$
declare
  s text;
  r text;
begin
  foreach s in array array['public', 'auth', 'storage', 'extensions'] loop
    foreach r in array array['anon', 'authenticated', 'service_role'] loop
      if not has_schema_privilege(r, s, 'usage') then
        execute format('grant usage on schema %I to %I', s, r);
      end if;
    end loop;
  end loop;
end
$$;

-- Like Supabase: objects the admin creates in public later are usable by the API roles, and RLS decides
-- which rows they see. Existing tables keep the grants they have.
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
