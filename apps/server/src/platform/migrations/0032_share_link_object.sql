-- A share link opens the file it was made for, not whatever is later stored under the same name: a file
-- deleted and another uploaded at its path would otherwise be handed to everyone holding the old link. The
-- object's id (storage.objects.id, kept when the file is overwritten in place) is stored with the link and
-- checked at each download. Links made before this have none and keep following their path.
alter table basalt.storage_share_links add column object_id uuid;
