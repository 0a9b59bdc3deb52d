/**
 * The settings that make a project's cluster archive its WAL (issue 28 §1): `basic_archive`, the archive
 * library the embedded package ships (no shell, no program of Basalt's in the server), copying each finished
 * segment into `dir` (written to a temporary file, fsynced and renamed, so a segment is whole or absent), and
 * a segment switch at least every minute, so the archive is never more than a minute behind a quiet project.
 * A segment that cannot be archived (disk full, directory gone) stays in pg_wal and is retried; the project
 * keeps running, and pg_stat_archiver shows the failure (the backups page, the log).
 */
export const archiveSettings = (dir: string): Record<string, string> => ({
  archive_mode: 'on',
  archive_library: 'basic_archive',
  'basic_archive.archive_directory': dir,
  archive_timeout: '60s',
})
