-- Safety in chat and posts (ADR 056): the off-platform contact notice on messages, job posts held for review when
-- they ask applicants to pay, and reports to the operators.

-- A message that carries a phone number, a UPI id or a WhatsApp/Telegram link, sent while the two people have no
-- funded contract: its receiver sees a notice that payments outside Microlance are not protected.
alter table messages add column off_platform boolean not null default false;

-- 'clear' jobs are public; 'held' ones wait for an operator (they ask applicants to pay); 'rejected' ones were
-- refused by one. Only 'clear' jobs show to anyone but their poster. The reason is ours (what was detected), the
-- note the operator's (why it was rejected). Who acted and when is kept on the row.
alter table jobs add column moderation_status text not null default 'clear'
  check (moderation_status in ('clear', 'held', 'rejected'));
alter table jobs add column moderation_reason text;
alter table jobs add column moderation_note text;
alter table jobs add column moderated_by uuid references users (id) on delete set null;
alter table jobs add column moderated_at timestamptz;
-- The operators' queue of held jobs, oldest first; held jobs are few, so the index is small.
create index jobs_held_idx on jobs (created_at, id) where moderation_status = 'held';

-- A report by a signed-in person about a post, a job, a message or a profile. At most one open report per reporter
-- per target; an operator dismisses it or marks it handled, with a note.
create table reports (
  id uuid primary key default gen_random_uuid(),
  reporter_id uuid not null references users (id) on delete cascade,
  target_type text not null check (target_type in ('post', 'job', 'message', 'profile')),
  target_id uuid not null,
  -- Whose post, job, message or profile it is, when the report was made.
  target_owner_id uuid references users (id) on delete set null,
  reason text not null check (reason in ('scam', 'asks_payment', 'spam', 'abusive', 'fake', 'other')),
  details text,
  status text not null default 'open' check (status in ('open', 'dismissed', 'handled')),
  resolution_note text,
  resolved_by uuid references users (id) on delete set null,
  resolved_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index reports_one_open_idx on reports (reporter_id, target_type, target_id) where status = 'open';
create index reports_status_idx on reports (status, created_at desc, id);
