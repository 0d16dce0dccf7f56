-- Money out (ADR 050): refunds that reach the payer's card or UPI, releases split into fee, taxes and net payout,
-- payouts to freelancers' Route linked accounts as provider transfers, and consecutive GST invoice numbers.
-- The ledger stays append-only; a provider's answer moves a row here and books its own ledger transaction.

-- New ledger accounts: one per tax ('tax:gst_cgst', 'tax:gst_sgst', 'tax:gst_igst', 'tax:tds_194o', 'tax:tcs_cgst',
-- 'tax:tcs_sgst', 'tax:tcs_igst') and the provider's clearing accounts ('provider:refunds' holds refunds sent to the
-- provider and not yet processed; 'provider:payouts' what has been transferred to linked accounts).
alter table ledger_accounts drop constraint ledger_accounts_kind_check;
alter table ledger_accounts add constraint ledger_accounts_kind_check
  check (kind in ('client', 'escrow', 'freelancer', 'platform', 'tax', 'provider'));

-- 'refund' now moves escrow to provider:refunds; 'refund_settled' moves it on to the client when the provider has
-- processed it; 'payout' moves a freelancer's net from freelancer:<id> to provider:payouts once a transfer is made.
alter table ledger_transactions drop constraint ledger_transactions_kind_check;
alter table ledger_transactions add constraint ledger_transactions_kind_check
  check (kind in ('fund', 'release', 'refund', 'refund_settled', 'payout'));

-- One refund at the provider: a part of one captured payment, for one 'refund' ledger transaction (a refund over
-- several payments has several rows). `reference` is ours, sent as the refund's receipt and notes, so a retry after
-- a crash finds the refund the provider already made instead of making a second one.
create table refunds (
  id uuid primary key default gen_random_uuid(),
  reference text not null unique,
  ledger_transaction_id uuid not null references ledger_transactions (id),
  job_id uuid not null,
  contract_id uuid,
  client_id uuid not null references users (id),
  provider_payment_id text not null,
  amount_paise bigint not null check (amount_paise > 0),
  status text not null default 'pending' check (status in ('pending', 'processed', 'failed')),
  provider_refund_id text unique,
  -- The bank's reference (ARN / RRN) the client can quote to their bank.
  bank_reference text,
  failure_reason text,
  attempts integer not null default 0,
  -- When the executor next calls the provider for it (null: nothing to send; the provider answers by webhook).
  next_attempt_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  processed_at timestamptz
);
create index refunds_contract_idx on refunds (contract_id, created_at);
create index refunds_job_idx on refunds (job_id, created_at);
create index refunds_payment_idx on refunds (provider_payment_id);
create index refunds_due_idx on refunds (next_attempt_at) where next_attempt_at is not null;

-- One release's split, as booked on the ledger (each figure also a leg of the release transaction), and what the
-- freelancer is owed from it. Paise; tax columns are zero where a tax does not apply.
create table payouts (
  id uuid primary key default gen_random_uuid(),
  release_transaction_id uuid not null unique references ledger_transactions (id),
  job_id uuid not null,
  contract_id uuid not null,
  freelancer_id uuid not null references users (id),
  client_id uuid not null references users (id),
  financial_year text not null,
  gross_paise bigint not null check (gross_paise > 0),
  fee_paise bigint not null check (fee_paise >= 0),
  gst_cgst_paise bigint not null default 0,
  gst_sgst_paise bigint not null default 0,
  gst_igst_paise bigint not null default 0,
  tds_paise bigint not null default 0,
  tds_rate_bps integer not null default 0,
  tcs_cgst_paise bigint not null default 0,
  tcs_sgst_paise bigint not null default 0,
  tcs_igst_paise bigint not null default 0,
  net_paise bigint not null check (net_paise >= 0),
  -- waiting_account: no active linked account yet ("pending payout"); queued: to be transferred; transferring: some
  -- transfers made, not all processed; paid: every transfer processed; failed: a transfer failed (retried).
  status text not null default 'waiting_account'
    check (status in ('waiting_account', 'queued', 'transferring', 'paid', 'failed')),
  failure_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  paid_at timestamptz,
  constraint payouts_split_adds_up check (
    gross_paise = fee_paise + gst_cgst_paise + gst_sgst_paise + gst_igst_paise + tds_paise
      + tcs_cgst_paise + tcs_sgst_paise + tcs_igst_paise + net_paise)
);
create index payouts_freelancer_idx on payouts (freelancer_id, created_at desc);
create index payouts_contract_idx on payouts (contract_id, created_at);
create index payouts_open_idx on payouts (status) where status in ('waiting_account', 'queued', 'transferring', 'failed');

-- One transfer at the provider: a part of a payout from one captured payment to the freelancer's linked account.
-- `reference` is ours (sent in the transfer's notes) so a retry finds a transfer already made.
create table transfers (
  id uuid primary key default gen_random_uuid(),
  reference text not null unique,
  payout_id uuid not null references payouts (id),
  freelancer_id uuid not null references users (id),
  provider_payment_id text not null,
  provider_account_id text not null,
  amount_paise bigint not null check (amount_paise > 0),
  status text not null default 'pending' check (status in ('pending', 'processed', 'failed', 'reversed')),
  provider_transfer_id text unique,
  -- From settlement.processed: the settlement and the bank's UTR for the money reaching the freelancer's bank.
  settlement_id text,
  utr text,
  settled_at timestamptz,
  failure_reason text,
  attempts integer not null default 0,
  next_attempt_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  processed_at timestamptz
);
create index transfers_payout_idx on transfers (payout_id);
create index transfers_payment_idx on transfers (provider_payment_id);
create index transfers_due_idx on transfers (next_attempt_at) where next_attempt_at is not null;

-- GST tax invoices for the platform's fee: `<prefix>/<FY>/<seq>`, consecutive per financial year with no gaps
-- (the counter row is locked and bumped in the release's own transaction, so a rolled-back release frees nothing).
create table invoice_counters (
  financial_year text primary key,
  last_seq integer not null default 0
);
create table invoices (
  id uuid primary key default gen_random_uuid(),
  number text not null unique check (length(number) <= 16),
  financial_year text not null,
  seq integer not null check (seq >= 1),
  payout_id uuid not null unique references payouts (id),
  freelancer_id uuid not null references users (id),
  -- Place of supply (the freelancer's state) and the recipient's GSTIN when they gave one (sealed, as payout details).
  place_of_supply text not null,
  recipient_gstin_sealed text,
  taxable_paise bigint not null check (taxable_paise >= 0),
  cgst_paise bigint not null default 0,
  sgst_paise bigint not null default 0,
  igst_paise bigint not null default 0,
  issued_at timestamptz not null default now(),
  unique (financial_year, seq)
);
create index invoices_freelancer_idx on invoices (freelancer_id, issued_at);

-- The daily reconciliation (one instance at a time): each run and every mismatch it found between the ledger, these
-- tables and the provider.
create table reconciliation_runs (
  id uuid primary key default gen_random_uuid(),
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  checked integer not null default 0,
  mismatches integer not null default 0,
  error text
);
create table reconciliation_mismatches (
  id uuid primary key default gen_random_uuid(),
  run_id uuid not null references reconciliation_runs (id) on delete cascade,
  kind text not null,
  subject text not null,
  expected text,
  actual text,
  detail text not null default '',
  created_at timestamptz not null default now()
);
create index reconciliation_mismatches_run_idx on reconciliation_mismatches (run_id);
