do $$
begin
  if to_regclass('storage.buckets') is null then
    create table storage.buckets (id text primary key, name text not null);
  end if;
  if to_regclass('storage.objects') is null then
    create table storage.objects (id uuid primary key default gen_random_uuid());
  end if;
end
$$;
select _basalt.add_column_if_missing('storage.buckets', 'public', 'boolean default false');
select _basalt.add_column_if_missing('storage.buckets', 'file_size_limit', 'bigint');
select _basalt.add_column_if_missing('storage.buckets', 'allowed_mime_types', 'text[]');
select _basalt.add_column_if_missing('storage.buckets', 'owner_id', 'text');
select _basalt.add_column_if_missing('storage.buckets', 'created_at', 'timestamptz default now()');
select _basalt.add_column_if_missing('storage.buckets', 'updated_at', 'timestamptz default now()');

select _basalt.add_column_if_missing('storage.objects', 'bucket_id', 'text references storage.buckets (id)');
select _basalt.add_column_if_missing('storage.objects', 'name', 'text');
select _basalt.add_column_if_missing('storage.objects', 'owner_id', 'text');
select _basalt.add_column_if_missing('storage.objects', 'metadata', 'jsonb');
select _basalt.add_column_if_missing('storage.objects', 'path_tokens', 'text[] generated always as (string_to_array(name, ''/'')) stored');
select _basalt.add_column_if_missing('storage.objects', 'created_at', 'timestamptz default now()');
select _basalt.add_column_if_missing('storage.objects', 'updated_at', 'timestamptz default now()');
select _basalt.add_column_if_missing('storage.objects', 'last_accessed_at', 'timestamptz default now()');

do $$
begin
  if to_regclass('storage.bname') is null then
    create unique index bname on storage.buckets (name);
  end if;
  if to_regclass('storage.bucketid_objname') is null then
    create unique index bucketid_objname on storage.objects (bucket_id, name);
  end if;
end
$$;

-- On a Supabase database these tables belong to another role: touch them only when something is missing.
do $$
declare
  t text;
  r text;
begin
  foreach t in array array['storage.objects', 'storage.buckets'] loop
    if not (select relrowsecurity from pg_class where oid = t::regclass) then
      execute format('alter table %s enable row level security', t);
    end if;
    foreach r in array array['anon', 'authenticated', 'service_role'] loop
      if not has_table_privilege(r, t, 'select,insert,update,delete') then
        execute format('grant select, insert, update, delete on %s to %I', t, r);
      end if;
    end loop;
  end loop;
end
$$;

do $$
begin
  -- 'avatars/2024/me.png' → {avatars,2024}
  if to_regprocedure('storage.foldername(text)') is null then
    create function storage.foldername(name text) returns text[]
      language sql immutable
      as $f$
        select (string_to_array(name, '/'))[1:greatest(cardinality(string_to_array(name, '/')) - 1, 0)]
      $f$;
  end if;
  -- 'avatars/2024/me.png' → 'me.png'
  if to_regprocedure('storage.filename(text)') is null then
    create function storage.filename(name text) returns text
      language sql immutable
      as $f$
        select (string_to_array(name, '/'))[cardinality(string_to_array(name, '/'))]
      $f$;
  end if;
  -- 'avatars/2024/me.png' → 'png'; no dot → ''
  if to_regprocedure('storage.extension(text)') is null then
    create function storage.extension(name text) returns text
      language sql immutable
      as $f$
        select case
          when storage.filename(name) like '%.%' then reverse(split_part(reverse(storage.filename(name)), '.', 1))
          else ''
        end
      $f$;
  end if;
end
$$;
