-- The sandbox payment provider's own objects (ADR 050): the refunds, Route transfers and settlements it made, as
-- Razorpay's entities. Kept in the database rather than in one process's memory, so that what it made survives a
-- restart and every instance behind the load balancer sees the same provider: the reconciliation (ADR 053) and the
-- adoption of what the provider already made after a crash (ADR 050, 054) read its lists from here.
-- `due_at`: for a processed transfer, when its settlement comes (null once settled); for a settlement, when its
-- `settlement.processed` event is next to be delivered (null once delivered).
create table sandbox_provider_objects (
  id text primary key,
  kind text not null check (kind in ('refund', 'transfer', 'settlement')),
  payment_id text,
  account_id text,
  entity jsonb not null,
  due_at timestamptz,
  created_at timestamptz not null default now()
);

-- The list calls: a payment's refunds or transfers, the direct transfers, in the order they were made.
create index sandbox_provider_objects_payment_idx on sandbox_provider_objects (payment_id, kind, created_at);
create index sandbox_provider_objects_kind_idx on sandbox_provider_objects (kind, created_at);
-- What is due: transfers to settle, settlements to deliver.
create index sandbox_provider_objects_due_idx on sandbox_provider_objects (kind, due_at) where due_at is not null;
