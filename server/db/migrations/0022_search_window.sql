-- A relevance search's window (ADR 067): the newest jobs walked on the date index, the text tested on the index
-- entry itself. jobs_feed_idx holds only the dates, so each of those jobs cost a heap visit, and the planner read the
-- whole text index instead for a word in a few percent of the jobs (270 ms at 1M jobs for "react developer"). With the
-- search vector and the visibility columns in the entry, the walk is an index-only scan that stops at the 300th match
-- (jobs/jobs.feed.ts, feedBoundary). The same keys as jobs_feed_idx, so the job list's pages may use either.
create index jobs_text_feed_idx on jobs (created_at desc, id desc)
  include (search_vector, status, moderation_status, created_by)
  where archived_at is null;
