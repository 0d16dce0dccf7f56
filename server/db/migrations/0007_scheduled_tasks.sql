-- Periodic background work shared by every instance (ADR 018): one row per task. An instance runs a task only after
-- it wins the row with a conditional update (due, and no live lease), so each period's run happens on one instance;
-- a run cut off by a crash is taken over by another instance once its lease has expired.
create table scheduled_tasks (
  name text primary key,
  next_run_at timestamptz not null default now(),
  lease_owner uuid,
  lease_until timestamptz,
  runs integer not null default 0 check (runs >= 0),
  last_started_at timestamptz,
  last_finished_at timestamptz,
  last_error text
);
