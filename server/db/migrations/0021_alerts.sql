-- Job alerts and saved searches (ADR 064): a freelancer's saved job searches, mailed as new jobs match them,
-- and a client's choice of mail about new applicants.

-- One saved search. The filters are the job list's (text, category, state, payment type, minimum budget in paise);
-- `query_ts` is the search's every-word text query as the job search builds it (normalized tsquery text), and
-- `match_keys` the keys the set-wise match joins new jobs on ('w:<lexeme>', 'c:<category>', 's:<state>',
-- 'p:<payment type>' or '*').
create table saved_searches (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  q text not null default '',
  category text,
  state text,
  payment_type text check (payment_type in ('one-time', 'per-unit', 'recurring')),
  min_budget_paise bigint check (min_budget_paise >= 0),
  frequency text not null check (frequency in ('instant', 'daily', 'weekly')),
  query_ts text,
  match_keys text[] not null,
  -- Jobs created up to this instant (the database's now(), which stamps jobs) have been considered: the next alert
  -- carries jobs created after it. Moves only when an alert goes out or the window had nothing.
  cursor_at timestamptz not null default now(),
  -- When a daily or weekly digest last went out (or was due with nothing in it), on the shared clock (ADR 055).
  digest_at timestamptz not null default app_now(),
  last_sent_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index saved_searches_same_idx on saved_searches (
  user_id, lower(q), coalesce(category, ''), coalesce(state, ''), coalesce(payment_type, ''),
  coalesce(min_budget_paise, -1)
);
create index saved_searches_user_idx on saved_searches (user_id, created_at);
create index saved_searches_due_idx on saved_searches (frequency, cursor_at);

-- A person's choice of mail about new applicants on their jobs, and the window already mailed.
create table alert_preferences (
  user_id uuid primary key references users (id) on delete cascade,
  applicants text not null default 'off' check (applicants in ('instant', 'daily', 'off')),
  applicants_cursor_at timestamptz not null default now(),
  applicants_digest_at timestamptz not null default app_now()
);

-- Every alert mail sent, on the shared clock: the daily cap counts these in the India day.
create table alert_deliveries (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  kind text not null check (kind in ('jobs', 'applicants')),
  item_count integer not null,
  sent_at timestamptz not null default app_now()
);
create index alert_deliveries_user_idx on alert_deliveries (user_id, sent_at);

-- The jobs a person was alerted to: one job reaches a person once, whichever of their searches matched it.
create table alert_sent_jobs (
  user_id uuid not null references users (id) on delete cascade,
  job_id uuid not null references jobs (id) on delete cascade,
  sent_at timestamptz not null default now(),
  primary key (user_id, job_id)
);
create index alert_sent_jobs_sent_idx on alert_sent_jobs (sent_at);

-- One-click unsubscribe links: a random token per mail, kept only as its SHA-256. It stops the searches the mail
-- was about (or the applicant mail), with no sign-in.
create table alert_unsubscribe_tokens (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  search_ids uuid[] not null default '{}',
  applicants boolean not null default false,
  label text not null,
  created_at timestamptz not null default now(),
  used_at timestamptz
);
create index alert_unsubscribe_tokens_created_idx on alert_unsubscribe_tokens (created_at);
