-- One-to-one chat: a conversation per pair of people (stored with the smaller id first so a pair has one row), its
-- messages in send order (seq is the keyset cursor), an optional job each message is about, and per-message read
-- state for unread counts and read receipts.
create table conversations (
  id uuid primary key default gen_random_uuid(),
  user_a uuid not null references users (id) on delete cascade,
  user_b uuid not null references users (id) on delete cascade,
  last_message_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  constraint conversations_pair_ordered check (user_a < user_b),
  constraint conversations_pair_unique unique (user_a, user_b)
);
create index conversations_user_a_idx on conversations (user_a, last_message_at desc);
create index conversations_user_b_idx on conversations (user_b, last_message_at desc);

create table messages (
  id uuid primary key default gen_random_uuid(),
  seq bigint generated always as identity unique,
  conversation_id uuid not null references conversations (id) on delete cascade,
  sender_id uuid not null references users (id) on delete cascade,
  receiver_id uuid not null references users (id) on delete cascade,
  job_id uuid references jobs (id) on delete set null,
  content text not null check (length(content) between 1 and 5000),
  created_at timestamptz not null default now(),
  read_at timestamptz
);
create index messages_conversation_idx on messages (conversation_id, seq desc);
create index messages_unread_idx on messages (receiver_id, conversation_id) where read_at is null;
create index messages_job_idx on messages (conversation_id, job_id) where job_id is not null;
