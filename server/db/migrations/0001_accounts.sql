-- Accounts, one-time codes, sessions and uploaded files.
create extension if not exists pg_trgm with schema public;

create table users (
  id uuid primary key default gen_random_uuid(),
  user_id text not null unique,
  username text not null unique,
  fullname text not null,
  email text not null unique,
  phone_number text,
  role text not null default 'freelancer' check (role in ('freelancer', 'client', 'admin')),
  bio text not null default '',
  skills text[] not null default '{}',
  resume text,
  resume_original_name text,
  profile_photo text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- One live code per email and purpose; the code itself is never stored, only its HMAC.
create table otp_codes (
  email text not null,
  purpose text not null check (purpose in ('signup', 'login')),
  code_hash text not null,
  fullname text,
  role text,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  sent_at timestamptz not null default now(),
  primary key (email, purpose)
);

-- Every code sent, for the per-email and per-IP hourly limits (shared by all instances).
create table otp_sends (
  id bigint generated always as identity primary key,
  email text not null,
  ip text not null,
  sent_at timestamptz not null default now()
);
create index otp_sends_email_idx on otp_sends (email, sent_at);
create index otp_sends_ip_idx on otp_sends (ip, sent_at);

-- Sessions are stored by the SHA-256 of their token, never the token itself.
create table sessions (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index sessions_user_idx on sessions (user_id);

create table uploads (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references users (id) on delete cascade,
  kind text not null,
  file_name text not null unique,
  mime text not null,
  size integer not null,
  original_name text,
  created_at timestamptz not null default now()
);
create index uploads_owner_idx on uploads (owner_id);
