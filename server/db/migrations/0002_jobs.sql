-- Companies, jobs, applications, job views, notifications, and search (full-text + a trigram word list).

-- pg_trgm must be visible on this connection's search path. 0001 creates it in the first schema of the path; with one
-- schema per test file (ADR 003) that is a schema which is dropped later, taking the extension and every index built
-- on it along. So if it sits in a schema this connection cannot see, move it to public, which every path here has.
do $$
declare
  ext_schema text;
begin
  select n.nspname into ext_schema
    from pg_extension e join pg_namespace n on n.oid = e.extnamespace
   where e.extname = 'pg_trgm';
  if ext_schema is null then
    if 'public' = any (current_schemas(false)) then
      create extension if not exists pg_trgm schema public;
    else
      create extension if not exists pg_trgm;
    end if;
  elsif not (ext_schema = any (current_schemas(false))) and 'public' = any (current_schemas(false)) then
    begin
      alter extension pg_trgm set schema public;
    exception when others then
      null; -- another migration moved it at the same moment
    end;
  end if;
end $$;

create table companies (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references users (id) on delete cascade,
  name text not null check (length(name) between 1 and 100),
  logo_url text,
  website text,
  description text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index companies_owner_idx on companies (owner_id, created_at desc);

create table jobs (
  id uuid primary key default gen_random_uuid(),
  title text not null check (length(title) between 1 and 120),
  description text not null check (length(description) between 1 and 10000),
  category text not null default 'Jobs' check (category in ('Internships', 'Jobs', 'Competitions', 'Mentorship',
    'Courses', 'Practice', 'Scholarships', 'Articles', 'Conferences', 'Workshops')),
  payment_type text not null check (payment_type in ('one-time', 'per-unit', 'recurring')),
  -- Money is integer paise. The total is computed by the server from the payment model, and checked here again.
  amount_paise bigint check (amount_paise >= 0),
  rate_paise bigint check (rate_paise >= 0),
  units integer check (units >= 1),
  cycles integer check (cycles >= 1),
  frequency text check (frequency in ('weekly', 'monthly')),
  duration numeric(10, 2) check (duration >= 0),
  hours numeric(10, 2) check (hours >= 0),
  total_paise bigint not null check (total_paise >= 0),
  funded_paise bigint not null default 0 check (funded_paise >= 0),
  funded_units integer not null default 0 check (funded_units >= 0),
  fund_status text not null default 'Not Initiated' check (fund_status in ('Not Initiated', 'In Escrow', 'Released')),
  status text not null default 'draft' check (status in ('draft', 'active', 'closed')),
  location_preference text not null default 'Remote' check (location_preference in ('Remote',
    'Andhra Pradesh', 'Arunachal Pradesh', 'Assam', 'Bihar', 'Chhattisgarh', 'Goa', 'Gujarat', 'Haryana',
    'Himachal Pradesh', 'Jharkhand', 'Karnataka', 'Kerala', 'Madhya Pradesh', 'Maharashtra', 'Manipur', 'Meghalaya',
    'Mizoram', 'Nagaland', 'Odisha', 'Punjab', 'Rajasthan', 'Sikkim', 'Tamil Nadu', 'Telangana', 'Tripura',
    'Uttar Pradesh', 'Uttarakhand', 'West Bengal', 'Andaman and Nicobar Islands', 'Chandigarh',
    'Dadra and Nagar Haveli and Daman and Diu', 'Delhi', 'Jammu and Kashmir', 'Ladakh', 'Lakshadweep', 'Puducherry')),
  remote boolean not null default true,
  job_type text,
  position text,
  experience_level text,
  company_id uuid references companies (id) on delete set null,
  prize_paise bigint check (prize_paise >= 0),
  deadline timestamptz,
  is_free boolean not null default false,
  is_discounted boolean not null default false,
  skills text[] not null default '{}',
  views integer not null default 0,
  application_process text not null default 'quick-apply',
  created_by uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  archived_at timestamptz,
  -- Kept by jobs_search_vector(): title A > skills B > description, category, company C > location D.
  search_vector tsvector not null default ''::tsvector,
  constraint jobs_total_matches_model check (
    (payment_type = 'one-time' and total_paise = amount_paise)
    or (payment_type = 'per-unit' and total_paise = rate_paise * units)
    or (payment_type = 'recurring' and total_paise = rate_paise * cycles)
  ),
  constraint jobs_funding_within_total check (funded_paise <= total_paise)
);

-- The feed: every list is a walk of one of these in (created_at, id) order, filtered, from the keyset cursor.
-- Archived jobs are in none of them; they are read only through jobs_creator_idx.
create index jobs_feed_idx on jobs (created_at desc, id desc) where archived_at is null;
create index jobs_category_feed_idx on jobs (category, created_at desc, id desc) where archived_at is null;
create index jobs_location_feed_idx on jobs (location_preference, created_at desc, id desc) where archived_at is null;
create index jobs_free_feed_idx on jobs (created_at desc, id desc) where archived_at is null and is_free;
create index jobs_discounted_feed_idx on jobs (created_at desc, id desc) where archived_at is null and is_discounted;
create index jobs_creator_idx on jobs (created_by, created_at desc, id desc);
create index jobs_company_idx on jobs (company_id) where company_id is not null;
-- fastupdate off: a GIN pending list (left by bulk inserts until the next vacuum) makes the planner price the
-- index out and searches seq-scan; jobs are written rarely and read constantly, so keep the index always merged.
create index jobs_search_idx on jobs using gin (search_vector) with (fastupdate = off);
create index jobs_title_trgm_idx on jobs using gin (title gin_trgm_ops) with (fastupdate = off);

create table applications (
  id uuid primary key default gen_random_uuid(),
  job_id uuid not null references jobs (id) on delete cascade,
  applicant_id uuid not null references users (id) on delete cascade,
  resume text,
  cover_letter text not null default '',
  status text not null default 'pending' check (status in ('pending', 'accepted', 'rejected', 'interview', 'offer')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint applications_once_per_job unique (job_id, applicant_id)
);
create index applications_applicant_idx on applications (applicant_id, created_at desc);

-- One row per viewer per day (India time), so a job's `views` counts each person once a day.
create table job_views (
  job_id uuid not null references jobs (id) on delete cascade,
  viewer_key text not null,
  day date not null,
  primary key (job_id, viewer_key, day)
);

create table notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  type text not null check (type in ('application', 'application_accepted', 'application_rejected', 'message', 'system')),
  message text not null,
  metadata jsonb not null default '{}',
  is_read boolean not null default false,
  created_at timestamptz not null default now()
);
create index notifications_user_idx on notifications (user_id, created_at desc);
create index notifications_unread_idx on notifications (user_id) where not is_read;

-- Search ------------------------------------------------------------------------------------------------------------

-- ASCII punctuation and a few typographic marks become spaces one for one (so offsets still match the original),
-- letting "Node.js" and "UI/UX" index as separate words as the query side splits them.
create function search_clean(t text) returns text language sql immutable parallel safe as $$
  select regexp_replace(coalesce(t, ''), '[!-/:-@[-`{-~—–₹•…“”‘’]', ' ', 'g')
$$;

-- Every word seen in a title, skill, description, name or bio, with its English stem: search corrects a query
-- word it does not know to the nearest of these (trigram candidates, then edit distance). Only grows.
create table search_terms (
  term text primary key,
  stem text not null
);
create index search_terms_trgm_idx on search_terms using gin (term gin_trgm_ops) with (fastupdate = off);
create index search_terms_stem_idx on search_terms (stem);

create function search_terms_add(docs text[]) returns void language sql as $$
  insert into search_terms (term, stem)
  select w, s
    from (select distinct w
            from unnest(docs) d, regexp_split_to_table(lower(search_clean(d)), '\s+') w
           where length(w) between 2 and 40 and w !~ '^[0-9]+$') words
         cross join lateral (select array_to_string(tsvector_to_array(to_tsvector('english', w)), ' ') as s) st
   where s <> '' and not exists (select 1 from search_terms t where t.term = words.w)
   order by w -- one lock order for every writer, so concurrent inserts cannot deadlock
  on conflict (term) do nothing
$$;

create function jobs_search_vector() returns trigger language plpgsql as $$
declare
  company_name text;
begin
  if new.company_id is not null then
    select name into company_name from companies where id = new.company_id;
  end if;
  new.search_vector :=
    setweight(to_tsvector('english', search_clean(new.title)), 'A')
    || setweight(to_tsvector('english', search_clean(array_to_string(new.skills, ' '))), 'B')
    || setweight(to_tsvector('english', search_clean(concat_ws(' ', new.description, new.category, company_name))), 'C')
    || setweight(to_tsvector('english', search_clean(new.location_preference)), 'D');
  return new;
end $$;
create trigger jobs_search_vector before insert or update of title, description, skills, category, company_id,
  location_preference on jobs for each row execute function jobs_search_vector();

create function jobs_terms_inserted() returns trigger language plpgsql as $$
begin
  perform search_terms_add(array(select concat_ws(' ', title, array_to_string(skills, ' '), description, category,
    location_preference) from new_rows));
  return null;
end $$;
create trigger jobs_terms_inserted after insert on jobs referencing new table as new_rows
  for each statement execute function jobs_terms_inserted();

create function jobs_terms_updated() returns trigger language plpgsql as $$
begin
  perform search_terms_add(array[concat_ws(' ', new.title, array_to_string(new.skills, ' '), new.description,
    new.category, new.location_preference)]);
  return null;
end $$;
create trigger jobs_terms_updated after update of title, description, skills, category, location_preference on jobs
  for each row execute function jobs_terms_updated();

-- A company's name is searchable through its jobs: its words join the word list, and a rename re-indexes the jobs.
create function companies_named() returns trigger language plpgsql as $$
begin
  perform search_terms_add(array[new.name]);
  if tg_op = 'UPDATE' then
    update jobs set company_id = company_id where company_id = new.id;
  end if;
  return null;
end $$;
create trigger companies_added after insert on companies
  for each row execute function companies_named();
create trigger companies_renamed after update of name on companies
  for each row when (old.name is distinct from new.name) execute function companies_named();

-- People are searchable by name, handle, skills and bio.
alter table users add column search_vector tsvector not null default ''::tsvector;

create function users_search_vector() returns trigger language plpgsql as $$
begin
  new.search_vector :=
    setweight(to_tsvector('english', search_clean(concat_ws(' ', new.fullname, new.username))), 'A')
    || setweight(to_tsvector('english', search_clean(array_to_string(new.skills, ' '))), 'B')
    || setweight(to_tsvector('english', search_clean(new.bio)), 'C');
  return new;
end $$;
create trigger users_search_vector before insert or update of fullname, username, skills, bio on users
  for each row execute function users_search_vector();

create function users_terms_inserted() returns trigger language plpgsql as $$
begin
  perform search_terms_add(array(select concat_ws(' ', fullname, array_to_string(skills, ' '), bio) from new_rows));
  return null;
end $$;
create trigger users_terms_inserted after insert on users referencing new table as new_rows
  for each statement execute function users_terms_inserted();

create function users_terms_updated() returns trigger language plpgsql as $$
begin
  perform search_terms_add(array[concat_ws(' ', new.fullname, array_to_string(new.skills, ' '), new.bio)]);
  return null;
end $$;
create trigger users_terms_updated after update of fullname, skills, bio on users
  for each row execute function users_terms_updated();

update users set fullname = fullname;
create index users_search_idx on users using gin (search_vector) with (fastupdate = off);
create index users_fullname_trgm_idx on users using gin (fullname gin_trgm_ops) with (fastupdate = off);
