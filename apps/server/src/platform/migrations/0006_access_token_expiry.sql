-- An access token may carry an expiry; past it the token is refused like a revoked one. Null: never.
alter table basalt.access_tokens add column expires_at timestamptz;
