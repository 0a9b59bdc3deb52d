-- Read replicas added by connection string (projects attached by one, or on a shared server): a standby that
-- someone else runs, kept encrypted like an attached project's connection string, with no cluster or port of
-- Basalt's. Every replica is either Basalt's own cluster (a port) or such a string.
alter table basalt.project_replicas
  alter column cluster_port drop not null,
  add column connection_string_encrypted text,
  add constraint project_replicas_placement check ((cluster_port is null) <> (connection_string_encrypted is null));
