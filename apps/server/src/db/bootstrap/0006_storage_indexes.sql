-- The explorer's indexes (docs/storage.md): folder pages walk (bucket_id, name) in byte order, the order
-- keyset cursors compare in; bucket-wide search matches substrings through trigrams. Each only when missing:
-- a Supabase database has its own (idx_objects_bucket_id_name) and pg_trgm may live in another schema.
do $$
declare
  trgm_schema text;
begin
  if not exists (
    select 1
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    where i.indrelid = 'storage.objects'::regclass
      and pg_get_indexdef(i.indexrelid) ~ '\(bucket_id, name COLLATE "C"\)$'
  ) then
    create index objects_bucket_id_name_c on storage.objects (bucket_id, name collate "C");
  end if;

  if not exists (select 1 from pg_extension where extname = 'pg_trgm') then
    create extension pg_trgm with schema extensions;
  end if;
  select n.nspname into trgm_schema
  from pg_extension e join pg_namespace n on n.oid = e.extnamespace
  where e.extname = 'pg_trgm';
  if to_regclass('storage.objects_name_trgm') is null then
    execute format(
      'create index objects_name_trgm on storage.objects using gin (name %I.gin_trgm_ops)',
      trgm_schema
    );
  end if;
end
$$;
