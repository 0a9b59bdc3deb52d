-- The time step of the last TOTP code accepted for the user: a code is accepted once (RFC 6238 §5.2), so
-- only codes of a later step pass. Reset when a new secret is enrolled.
alter table basalt.users add column mfa_last_step bigint;
