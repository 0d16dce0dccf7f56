-- Trust between strangers (ADR 055): one clock every deadline reads, and the contract's timeline.
--
-- `app_now()` is the time every deadline of delivery, disputes and reviews is set from and compared with. It is the
-- database's `now()` plus an offset that only a test clock ever sets (TEST_CLOCK=1): production never writes
-- `app_clock`, so there it is exactly `now()`. Kept in the database so that every instance, every SQL statement and
-- every scheduled task sees the same moved clock.
create table app_clock (
  id smallint primary key default 1 check (id = 1),
  offset_ms bigint not null default 0
);

create function app_now() returns timestamptz
  language sql stable
  as $$ select now() + coalesce((select offset_ms from app_clock where id = 1), 0) * interval '1 millisecond' $$;

-- What happened on a contract, in order: the timeline its page shows. Append-only: each module writes its own kind
-- with `recordContractEvent` in the same transaction as the change it describes.
create table contract_events (
  id uuid primary key default gen_random_uuid(),
  contract_id uuid not null references contracts (id) on delete cascade,
  kind text not null check (kind in (
    'funded', 'submitted', 'changes_requested', 'released', 'auto_released', 'refunded',
    'disputed', 'dispute_answered', 'settlement_proposed', 'settlement_accepted', 'settlement_declined',
    'resolved', 'reviewed', 'reminder_sent'
  )),
  actor_id uuid references users (id) on delete set null,
  -- Kind-specific facts shown on the timeline: amounts in paise, units, a message or reason, file URLs.
  data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default app_now()
);
create index contract_events_contract_idx on contract_events (contract_id, created_at, id);

-- A dispute freezes the contract's escrow (ADR 055): while `frozen_at` is set, release, refund and auto-release
-- answer 409 `disputed`. Set when a dispute opens, cleared when it is resolved or settled.
alter table contracts add column frozen_at timestamptz;
