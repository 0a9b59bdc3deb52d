-- Sign-in, MFA and probe limits: one row per key, counted and checked by a single upsert under the row's
-- lock (platform/rate-limit.ts), so parallel attempts — on this server or on another replica — each see
-- the ones before them. Replaces the list of failures, which was counted in one statement and written in
-- another.
drop table basalt.login_attempts;

create table basalt.attempt_limits (
  key text primary key,
  -- Attempts in the current window (a ceiling), or failures in a row (a growing delay).
  attempts integer not null,
  window_start timestamptz not null default now(),
  -- A growing delay: no attempt is taken before this time.
  next_at timestamptz not null default now(),
  last_at timestamptz not null default now()
);
create index attempt_limits_last_at_idx on basalt.attempt_limits (last_at);
