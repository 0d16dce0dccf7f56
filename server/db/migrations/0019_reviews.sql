-- Reviews and badges (ADR 060): when a contract has ended each side may review the other, double-blind, within
-- REVIEW_DAYS; profiles and job cards show what the reviews and the money say.

-- When a contract ended for reviews: money was funded, nothing is left in escrow or frozen by a dispute, and nothing
-- more will move — every unit released, some money refunded, the hire ended, or a dispute resolved or settled. The one
-- definition; the triggers below keep `review_windows` from it, whichever module moved the money.
create function contract_review_ended(c contracts) returns boolean
  language sql stable
  as $$
    select c.funded_paise > 0
      and c.frozen_at is null
      and c.funded_paise - c.refunded_paise - c.released_paise = 0
      and (
        c.status = 'ended'
        or c.refunded_paise > 0
        or c.released_paise >= c.total_paise
        or c.released_units >= case c.payment_type
             when 'per-unit' then coalesce(c.units, 1)
             when 'recurring' then coalesce(c.cycles, 1)
             else 1 end
        or exists (select 1 from contract_events e
                    where e.contract_id = c.id and e.kind in ('resolved', 'settlement_accepted'))
      )
  $$;

-- The review window of an ended contract: opened (from the shared clock, ADR 055) the first time the contract is
-- seen ended; it closes REVIEW_DAYS later (a setting, so the end is computed in SQL from `opened_at`).
create table review_windows (
  contract_id uuid primary key references contracts (id) on delete cascade,
  opened_at timestamptz not null default app_now()
);

create function contracts_open_review_window() returns trigger language plpgsql as $$
begin
  if contract_review_ended(new) then
    insert into review_windows (contract_id) values (new.id) on conflict do nothing;
  end if;
  return null;
end $$;
create trigger contracts_open_review_window after insert or update on contracts
  for each row execute function contracts_open_review_window();

-- A dispute's outcome may be recorded after the money moved: look again when it is.
create function contract_events_open_review_window() returns trigger language plpgsql as $$
begin
  if new.kind in ('resolved', 'settlement_accepted') then
    insert into review_windows (contract_id)
      select c.id from contracts c where c.id = new.contract_id and contract_review_ended(c)
      on conflict do nothing;
  end if;
  return null;
end $$;
create trigger contract_events_open_review_window after insert on contract_events
  for each row execute function contract_events_open_review_window();

-- Contracts that had already ended when this landed.
insert into review_windows (contract_id, opened_at)
  select c.id, coalesce(c.ended_at, c.updated_at) from contracts c where contract_review_ended(c);

-- One review per side per contract. `visible_at` is set when the second side writes, or by the scheduled task once
-- the window closed; until then only its author sees it.
create table reviews (
  id uuid primary key default gen_random_uuid(),
  contract_id uuid not null references contracts (id) on delete cascade,
  author_id uuid not null references users (id) on delete cascade,
  subject_id uuid not null references users (id) on delete cascade,
  author_role text not null check (author_role in ('client', 'freelancer')),
  rating smallint not null check (rating between 1 and 5),
  text text not null check (length(text) <= 2000),
  created_at timestamptz not null default app_now(),
  visible_at timestamptz,
  unique (contract_id, author_id)
);
create index reviews_subject_idx on reviews (subject_id, created_at desc);
-- Job cards read a client's visible rating per row: count and sum from the index alone.
create index reviews_visible_subject_idx on reviews (subject_id) include (rating) where visible_at is not null;
create index reviews_hidden_idx on reviews (contract_id) where visible_at is null;

-- "Payment verified" on job cards: whether the poster has funded any job, one index probe per card.
create index jobs_funded_creator_idx on jobs (created_by) where funded_paise > 0;
