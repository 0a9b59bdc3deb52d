-- The explorer's date sorts (docs/storage.md, "Keyset pages"): a folder's files by created_at, updated_at or
-- last_accessed_at, and its subfolders, are read from an index whose leading columns are the bucket and the
-- object's folder ('a/b/' for 'a/b/c.png', '' at the root), so that a page costs what the page holds, at any
-- depth and in a folder of any size. Each index only when missing (an attached database keeps its own).
do $$
declare
  col text;
begin
  foreach col in array array['created_at', 'updated_at', 'last_accessed_at'] loop
    if to_regclass(format('storage.objects_folder_%s', col)) is null then
      execute format(
        $i$create index %I on storage.objects
             (bucket_id, (regexp_replace(name, '[^/]*$', '') collate "C"),
              (coalesce(%I, '-infinity'::timestamptz)), (name collate "C"))$i$,
        'objects_folder_' || col,
        col
      );
    end if;
  end loop;
end
$$;
