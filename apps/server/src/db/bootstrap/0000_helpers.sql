-- Bootstrap helpers, kept in Basalt's own schema (the migration runner creates _basalt first).

-- Adds a column only when the table lacks it. A plain ADD COLUMN IF NOT EXISTS still needs ownership of
-- the table, which the admin role does not have on a Supabase database's auth and storage tables.
create or replace function _basalt.add_column_if_missing(tbl regclass, col name, definition text)
  returns void
  language plpgsql
  as $$
  begin
    if not exists (select 1 from pg_attribute where attrelid = tbl and attname = col and not attisdropped) then
      execute format('alter table %s add column %I %s', tbl, col, definition);
    end if;
  end
  $$;
