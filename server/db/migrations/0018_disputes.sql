-- Disputes with free mediation (ADR 058): a party opens one on a contract with money in escrow, which freezes it
-- (contracts.frozen_at, migration 0016); the other side answers within 3 days; the two may settle on a split
-- themselves, or an operator decides one. Every operator action is kept in an audit log nobody can edit.
create table disputes (
  id uuid primary key default gen_random_uuid(),
  contract_id uuid not null references contracts (id) on delete cascade,
  opened_by uuid references users (id) on delete set null,
  reason text not null,
  evidence text not null default '',
  -- Server URLs from the upload pipeline (/uploads/...).
  attachments jsonb not null default '[]'::jsonb,
  status text not null default 'open' check (status in ('open', 'resolved', 'settled')),
  -- Set from the shared clock (ADR 055): app_now() + 3 days when the dispute opens.
  answer_due_at timestamptz not null,
  answer text,
  answer_attachments jsonb not null default '[]'::jsonb,
  answered_by uuid references users (id) on delete set null,
  answered_at timestamptz,
  -- The outcome: what went to the freelancer and back to the client, in paise.
  release_paise bigint check (release_paise >= 0),
  refund_paise bigint check (refund_paise >= 0),
  note text,
  decided_by uuid references users (id) on delete set null,
  created_at timestamptz not null default app_now(),
  closed_at timestamptz,
  check ((status = 'open') = (closed_at is null))
);
-- One open dispute per contract.
create unique index disputes_one_open_idx on disputes (contract_id) where status = 'open';
create index disputes_contract_idx on disputes (contract_id, created_at);
-- The operators' queue: open first, oldest first.
create index disputes_queue_idx on disputes (status, created_at);

-- A split one party proposes and the other accepts (the dispute ends 'settled') or declines.
create table dispute_proposals (
  id uuid primary key default gen_random_uuid(),
  dispute_id uuid not null references disputes (id) on delete cascade,
  proposed_by uuid references users (id) on delete set null,
  release_paise bigint not null check (release_paise >= 0),
  refund_paise bigint not null check (refund_paise >= 0),
  status text not null default 'proposed' check (status in ('proposed', 'accepted', 'declined', 'withdrawn')),
  created_at timestamptz not null default app_now(),
  decided_at timestamptz
);
-- At most one proposal waits for an answer at a time; a new one withdraws the one before.
create unique index dispute_proposals_one_waiting_idx on dispute_proposals (dispute_id) where status = 'proposed';
create index dispute_proposals_dispute_idx on dispute_proposals (dispute_id, created_at);

-- What operators did on disputes: read a dispute's chat, resolved it, wrote a note. Append-only, enforced here:
-- UPDATE, DELETE and TRUNCATE raise. No foreign keys, so deleting a job, contract or user never has to remove a row.
create table dispute_audit (
  id uuid primary key default gen_random_uuid(),
  dispute_id uuid not null,
  actor_id uuid not null,
  action text not null check (action in ('viewed_chat', 'resolved', 'note')),
  detail jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default app_now()
);
create index dispute_audit_dispute_idx on dispute_audit (dispute_id, created_at);

create function dispute_audit_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'dispute_audit is append-only: % is not allowed', tg_op using errcode = 'insufficient_privilege';
end $$;
create trigger dispute_audit_no_change before update or delete on dispute_audit
  for each row execute function dispute_audit_append_only();
create trigger dispute_audit_no_truncate before truncate on dispute_audit
  for each statement execute function dispute_audit_append_only();
