-- Sign-in codes that nobody but an address's owner can use up or block (ADR 042).

-- A code belongs to whoever asked for it: a browser (its `device` cookie, hashed) or, without that cookie, the
-- network address. A stranger's wrong guesses and resends touch only the stranger's own code. `user_id` is the
-- account the code signs into, fixed when it is sent: a code never yields an account that claimed the address later.
alter table otp_codes add column requester text not null default '';
alter table otp_codes add column user_id uuid references users (id) on delete cascade;
alter table otp_codes drop constraint otp_codes_pkey;
alter table otp_codes add primary key (email, purpose, requester);

-- Sends are counted per address and requester; `known` marks a browser that has signed in to the address's account
-- (the address-wide cap counts only the others).
alter table otp_sends add column requester text not null default '';
alter table otp_sends add column known boolean not null default false;
create index otp_sends_requester_idx on otp_sends (email, requester, sent_at);

-- Every wrong code, for the address-wide cap on guesses (at most 100 a day from browsers that are not known).
create table otp_failures (
  id bigint generated always as identity primary key,
  email text not null,
  requester text not null,
  known boolean not null default false,
  at timestamptz not null default now()
);
create index otp_failures_email_idx on otp_failures (email, at);

-- Browsers that have signed in to an account, by the SHA-256 of their device cookie.
create table known_devices (
  user_id uuid not null references users (id) on delete cascade,
  device_hash text not null,
  last_seen timestamptz not null default now(),
  primary key (user_id, device_hash)
);

-- An email change waits here until a code mailed to the new address confirms it; the old address stays till then.
create table email_changes (
  user_id uuid primary key references users (id) on delete cascade,
  new_email text not null,
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  sent_at timestamptz not null default now()
);
