-- Job alerts matched by index, and alerted when published (ADR 070, replacing the matching part of ADR 064).

-- When the job last went public: set as it is inserted active and cleared (its created_at), and when a draft is
-- published or a held job is cleared (now()). Reopening a closed job keeps it, so a reopened job is not new again.
-- The alert window is over this instant, so a draft published a day later is alerted then, not lost.
alter table jobs add column published_at timestamptz;
update jobs set published_at = created_at where status in ('active', 'closed') and moderation_status = 'clear';

create function jobs_published_at() returns trigger language plpgsql as $$
begin
  if new.status = 'active' and new.moderation_status = 'clear' then
    if tg_op = 'INSERT' then
      new.published_at := coalesce(new.published_at, new.created_at);
    elsif old.status = 'draft' or old.moderation_status <> 'clear' or new.published_at is null then
      new.published_at := now();
    end if;
  end if;
  return new;
end $$;
create trigger jobs_published_at before insert or update of status, moderation_status on jobs
  for each row execute function jobs_published_at();

create index jobs_published_idx on jobs (published_at) where published_at is not null and archived_at is null;

-- A saved search's small number: the match answers, per new job, the numbers of the searches it found (a few bytes
-- each rather than a uuid), and the sweep reads those searches once.
alter table saved_searches add column num bigint generated always as identity;
create unique index saved_searches_num_idx on saved_searches (num);

-- The text query as a tsquery, parsed once when saved rather than for every candidate job.
alter table saved_searches add column tsq tsquery generated always as (query_ts::tsquery) stored;

-- match_keys (alerts.keys.ts): a text search keeps its lexeme keys ('w:<lexeme>', every lexeme of its query: a cover
-- of it, as the keys of new searches are); a search without text gets the one key of its equality filters,
-- 'f:<category>|<state>|<payment type>' with empty parts for the filters it does not have. New jobs and due searches
-- meet on these keys by a hash join in the sweep.
update saved_searches
   set match_keys = array['f:' || coalesce(category, '') || '|' || coalesce(state, '') || '|' || coalesce(payment_type, '')]
 where query_ts is null;
