-- Facts about this installation that every replica must agree on. 'encryption_key_check' holds an HMAC of
-- a fixed text under ENCRYPTION_KEY (never the key): a server started with another key refuses to start.
create table basalt.installation (
  name text primary key,
  value text not null
);
