-- Hires are contracts (ADR 048). Accepting an applicant makes a contract with price terms frozen from the job and its
-- own escrow: a ledger account, contract_id on orders and ledger transactions, and a mirror of its ledger totals.
-- The job keeps its aggregate fund columns (the sum over its contracts). Ledger rows stay append-only: the new
-- contract_id columns are nullable, and only mutable tables are backfilled.

alter table jobs add column openings integer not null default 1;
alter table jobs add constraint jobs_openings_range check (openings between 1 and 100);
-- Each hire funds the job's price on its own, so a job with several openings holds more than one price.
alter table jobs drop constraint jobs_funding_within_total;

create table contracts (
  id uuid primary key default gen_random_uuid(),
  job_id uuid not null references jobs (id) on delete cascade,
  application_id uuid references applications (id) on delete set null,
  client_id uuid not null references users (id) on delete cascade,
  freelancer_id uuid not null references users (id) on delete cascade,
  status text not null default 'active' check (status in ('active', 'ended')),
  -- Price terms, frozen from the job when the contract is made.
  payment_type text not null check (payment_type in ('one-time', 'per-unit', 'recurring')),
  amount_paise bigint check (amount_paise >= 0),
  rate_paise bigint check (rate_paise >= 0),
  units integer check (units >= 1),
  cycles integer check (cycles >= 1),
  frequency text check (frequency in ('weekly', 'monthly')),
  total_paise bigint not null check (total_paise >= 0),
  -- The escrow ledger account of this contract. The job's first contract holds the job's own escrow account
  -- ('escrow:<job>'), so money paid in before anyone was hired (or before this migration) is its money.
  escrow_account_key text not null,
  holds_job_escrow boolean not null default false,
  -- A mirror of the contract's ledger totals (paise / units, each movement kind summed on its own).
  funded_paise bigint not null default 0 check (funded_paise >= 0),
  released_paise bigint not null default 0 check (released_paise >= 0),
  refunded_paise bigint not null default 0 check (refunded_paise >= 0),
  funded_units integer not null default 0 check (funded_units >= 0),
  released_units integer not null default 0 check (released_units >= 0),
  refunded_units integer not null default 0 check (refunded_units >= 0),
  fund_status text not null default 'Not Initiated' check (fund_status in ('Not Initiated', 'In Escrow', 'Released')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  ended_at timestamptz,
  constraint contracts_escrow_not_negative check (funded_paise - refunded_paise - released_paise >= 0)
);
-- One active contract per application; at most one contract per job holds the job's escrow account.
create unique index contracts_active_application_idx on contracts (application_id) where status = 'active';
create unique index contracts_job_escrow_idx on contracts (job_id) where holds_job_escrow;
create index contracts_job_idx on contracts (job_id, created_at, id);
create index contracts_client_idx on contracts (client_id, created_at desc);
create index contracts_freelancer_idx on contracts (freelancer_id, created_at desc);

alter table payment_orders add column contract_id uuid;
create index payment_orders_contract_idx on payment_orders (contract_id, created_at desc) where contract_id is not null;
alter table ledger_transactions add column contract_id uuid;
create index ledger_transactions_contract_idx on ledger_transactions (contract_id, created_at)
  where contract_id is not null;
alter table ledger_accounts add column contract_id uuid;

-- Existing data: every accepted application becomes an active contract on its job's current terms. A job's
-- existing escrow money belongs to its earliest accepted contract (the one payments treated as the hire).
with ranked as (
  select gen_random_uuid() as contract_id, a.id as application_id, a.job_id, a.applicant_id,
         a.created_at, a.updated_at,
         row_number() over (partition by a.job_id order by a.updated_at, a.created_at, a.id) as n
    from applications a
   where a.status = 'accepted'
)
insert into contracts (id, job_id, application_id, client_id, freelancer_id, payment_type, amount_paise, rate_paise,
                       units, cycles, frequency, total_paise, escrow_account_key, holds_job_escrow, created_at,
                       updated_at)
select r.contract_id, r.job_id, r.application_id, j.created_by, r.applicant_id, j.payment_type, j.amount_paise,
       j.rate_paise, j.units, j.cycles, j.frequency, j.total_paise,
       case when r.n = 1 then 'escrow:' || r.job_id::text else 'escrow:contract:' || r.contract_id::text end,
       r.n = 1, r.updated_at, r.updated_at
  from ranked r join jobs j on j.id = r.job_id;

-- A job that already had several accepted applicants has that many openings.
update jobs j set openings = least(100, c.n)
  from (select job_id, count(*) as n from contracts group by job_id having count(*) > 1) c
 where c.job_id = j.id;

-- The holder's mirror, from the job's ledger (every transaction so far has no contract_id).
update contracts c set
  funded_paise = l.funded,
  refunded_paise = l.refunded,
  released_paise = l.released,
  funded_units = l.funded_units,
  refunded_units = l.refunded_units,
  released_units = l.released_units
  from (
    select t.job_id,
      coalesce(sum(t.amount_paise) filter (where t.kind = 'fund'), 0) as funded,
      coalesce(sum(t.amount_paise) filter (where t.kind = 'refund'), 0) as refunded,
      coalesce(sum(t.units) filter (where t.kind = 'fund'), 0) as funded_units,
      coalesce(sum(t.units) filter (where t.kind = 'refund'), 0) as refunded_units,
      coalesce(sum(t.units) filter (where t.kind = 'release'), 0) as released_units,
      coalesce((select -sum(e.amount_paise) from ledger_entries e
                  join ledger_transactions rt on rt.id = e.transaction_id
                  join ledger_accounts a on a.id = e.account_id
                 where rt.job_id = t.job_id and rt.kind = 'release' and a.kind = 'escrow'), 0) as released
      from ledger_transactions t group by t.job_id
  ) l
 where c.holds_job_escrow and l.job_id = c.job_id;
update contracts set fund_status = case
    when funded_paise - refunded_paise - released_paise > 0 then 'In Escrow'
    when released_paise > 0 then 'Released'
    else 'Not Initiated' end;

update payment_orders o set contract_id = c.id from contracts c where c.holds_job_escrow and c.job_id = o.job_id;
update ledger_accounts a set contract_id = c.id
  from contracts c where c.holds_job_escrow and a.key = c.escrow_account_key;
