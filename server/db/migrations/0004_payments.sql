-- Escrow payments (ADR 011, 012): provider orders and payments, a double-entry ledger, idempotency keys, webhook
-- events, and the freelancer's work submissions / payment requests. Money is integer paise throughout.
-- Payment rows keep job ids without a foreign key: a deleted job must not take its money history with it.

create table payment_orders (
  id uuid primary key default gen_random_uuid(),
  provider text not null check (provider in ('sandbox', 'razorpay')),
  provider_order_id text not null unique,
  job_id uuid not null,
  payer_id uuid not null references users (id),
  payment_type text not null check (payment_type in ('one-time', 'per-unit', 'recurring')),
  units integer not null check (units >= 1),
  amount_paise bigint not null check (amount_paise > 0),
  currency text not null default 'INR',
  status text not null default 'created' check (status in ('created', 'paid')),
  provider_payment_id text unique,
  created_at timestamptz not null default now(),
  paid_at timestamptz
);
create index payment_orders_job_idx on payment_orders (job_id, created_at desc);

-- Every payment attempt the provider told us of (checkout return, webhook); a captured one funds its order once.
create table payments (
  id uuid primary key default gen_random_uuid(),
  provider_payment_id text not null unique,
  order_id uuid not null references payment_orders (id),
  status text not null check (status in ('captured', 'failed')),
  amount_paise bigint not null check (amount_paise >= 0),
  source text not null check (source in ('verify', 'webhook', 'sandbox')),
  error_description text,
  created_at timestamptz not null default now()
);

create table ledger_accounts (
  id uuid primary key default gen_random_uuid(),
  -- 'client:<user>', 'escrow:<job>', 'freelancer:<user>', 'platform:fees'
  key text not null unique,
  kind text not null check (kind in ('client', 'escrow', 'freelancer', 'platform')),
  owner_id uuid,
  job_id uuid,
  created_at timestamptz not null default now()
);

-- One money movement: fund, release or refund. Its idempotency key makes a retried movement a no-op.
create table ledger_transactions (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('fund', 'release', 'refund')),
  job_id uuid not null,
  idempotency_key text not null unique,
  units integer not null default 0 check (units >= 0),
  amount_paise bigint not null check (amount_paise > 0),
  actor_id uuid,
  created_at timestamptz not null default now()
);
create index ledger_transactions_job_idx on ledger_transactions (job_id, created_at);

create table ledger_entries (
  id bigint generated always as identity primary key,
  transaction_id uuid not null references ledger_transactions (id),
  account_id uuid not null references ledger_accounts (id),
  amount_paise bigint not null check (amount_paise <> 0),
  created_at timestamptz not null default now()
);
create index ledger_entries_account_idx on ledger_entries (account_id);
create index ledger_entries_transaction_idx on ledger_entries (transaction_id);

-- Append-only: a correction is a new transaction, never an edit.
create function ledger_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'ledger rows are append-only' using errcode = 'P0001';
end $$;
create trigger ledger_entries_append_only before update or delete on ledger_entries
  for each row execute function ledger_append_only();
create trigger ledger_transactions_append_only before update or delete on ledger_transactions
  for each row execute function ledger_append_only();

-- At commit, every transaction touched sums to zero and no escrow account is below zero.
create function ledger_check_balanced() returns trigger language plpgsql as $$
declare
  total bigint;
  escrow bigint;
begin
  select coalesce(sum(amount_paise), 0) into total from ledger_entries where transaction_id = new.transaction_id;
  if total <> 0 then
    raise exception 'ledger transaction % is not balanced (%)', new.transaction_id, total using errcode = 'P0002';
  end if;
  select coalesce(sum(e.amount_paise), 0) into escrow
    from ledger_entries e join ledger_accounts a on a.id = e.account_id
   where e.account_id = new.account_id and a.kind = 'escrow';
  if escrow < 0 then
    raise exception 'escrow account % would go below zero', new.account_id using errcode = 'P0003';
  end if;
  return null;
end $$;
create constraint trigger ledger_entries_balanced after insert on ledger_entries
  deferrable initially deferred for each row execute function ledger_check_balanced();

-- Money-moving requests with an Idempotency-Key header: the first answer, kept for replays (≥ 24 h).
create table idempotency_keys (
  user_id uuid not null references users (id) on delete cascade,
  key text not null,
  route text not null,
  request_hash text not null,
  status_code integer,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);

create table webhook_events (
  event_id text primary key,
  event text not null,
  received_at timestamptz not null default now()
);

create table job_work_events (
  id uuid primary key default gen_random_uuid(),
  job_id uuid not null references jobs (id) on delete cascade,
  freelancer_id uuid not null references users (id) on delete cascade,
  kind text not null check (kind in ('submit_work', 'request_payment')),
  message text not null default '',
  attachments jsonb not null default '[]',
  units integer check (units >= 1),
  created_at timestamptz not null default now()
);
create index job_work_events_job_idx on job_work_events (job_id, created_at desc);
