-- Delivery and auto-release (ADR 055, 057): a contract's review window, opened when the freelancer submits work.
--
-- One row per contract that was ever submitted. `due_at` is when the units the freelancer submitted are released
-- to them unless the client answers first (releases, asks for changes, opens a dispute); null while no window is
-- open. `remind_at` is when the client is reminded (two days before the end, half-way for windows of two days or
-- less); null once reminded. The auto-release task claims a row by clearing `due_at` in a conditional update
-- (`where due_at <= app_now()`), so each window releases once across instances and restarts.
create table contract_reviews (
  contract_id uuid primary key references contracts (id) on delete cascade,
  -- When the open window started (the last submission); a dispute opened after it ends the window.
  started_at timestamptz,
  due_at timestamptz,
  remind_at timestamptz,
  -- Units the submission is for (per-unit and recurring contracts); null means all that is in escrow.
  units integer check (units is null or units > 0),
  submissions integer not null default 0,
  changes_requested integer not null default 0,
  updated_at timestamptz not null default now()
);
create index contract_reviews_due_idx on contract_reviews (due_at) where due_at is not null;
create index contract_reviews_remind_idx on contract_reviews (remind_at) where remind_at is not null;

-- The notifications delivery sends: changes asked, the reminder before the window ends, the automatic release.
-- A later migration that adds types must keep every type listed here.
alter table notifications drop constraint notifications_type_check;
alter table notifications add constraint notifications_type_check check (type in (
  'application', 'application_accepted', 'application_rejected', 'message', 'system',
  'payment_funded', 'payment_released', 'payment_refunded', 'payment_failed', 'work_submitted', 'payment_requested',
  'post_liked', 'post_commented',
  'changes_requested', 'review_reminder', 'payment_auto_released'
));
