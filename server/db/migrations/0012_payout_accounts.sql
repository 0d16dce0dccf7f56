-- Payout accounts (ADR 049): the details a freelancer is paid out to, and the Razorpay Route linked account made
-- from them. PAN, GSTIN (it contains the PAN), account number and UPI id are sealed with AES-256-GCM by the app
-- (`v1.<iv>.<tag>.<ciphertext>`, base64url); nothing here holds them in plain text.
create table payout_accounts (
  user_id uuid primary key references users (id) on delete cascade,
  status text not null default 'created'
    check (status in ('created', 'under_review', 'needs_clarification', 'activated', 'suspended')),
  legal_name text not null,
  pan_sealed text not null,
  state text not null,
  gstin_sealed text,
  bank_account_sealed text,
  ifsc text,
  upi_sealed text,
  -- The fields the provider asks to fix (needs_clarification), e.g. {settlements.account_number}.
  requirements text[] not null default '{}',
  provider_account_id text unique,
  provider_stakeholder_id text,
  provider_product_id text,
  -- When the state was last set (the provider event's created_at): older events change nothing.
  status_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((bank_account_sealed is not null and ifsc is not null) or upi_sealed is not null)
);
