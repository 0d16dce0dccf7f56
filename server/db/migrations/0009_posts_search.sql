-- Posts are searchable (GET /api/v1/search → data.posts), the same way as jobs and people in 0002_jobs.sql:
-- a search_vector kept by a trigger, a GIN index on it, and the posts' words in search_terms, so the query parser
-- knows them and does not "correct" a word that only a post contains into some other word.

-- Kept by posts_search_vector(): the post's text A > its link preview's title B > the preview's description and
-- site name C. The preview is stored as { url, title, description, image, siteName } (posts.service create()).
alter table posts add column search_vector tsvector not null default ''::tsvector;

create function posts_search_vector() returns trigger language plpgsql as $$
begin
  new.search_vector :=
    setweight(to_tsvector('english', search_clean(new.content)), 'A')
    || setweight(to_tsvector('english', search_clean(new.link_preview ->> 'title')), 'B')
    || setweight(to_tsvector('english', search_clean(concat_ws(' ', new.link_preview ->> 'description',
      new.link_preview ->> 'siteName'))), 'C');
  return new;
end $$;
-- Only a change of the text or the preview re-indexes: likes and comments update the counts on every click.
create trigger posts_search_vector before insert or update of content, link_preview on posts
  for each row execute function posts_search_vector();

-- The words a post's vector is made of, as one text for search_terms_add().
create function posts_search_text(body text, preview jsonb) returns text language sql immutable parallel safe as $$
  select concat_ws(' ', body, preview ->> 'title', preview ->> 'description', preview ->> 'siteName')
$$;

-- Existing posts: their vectors, then all their words in one call (before the word triggers exist, so the backfill
-- does not add them row by row).
update posts set content = content;
select search_terms_add(array(select posts_search_text(content, link_preview) from posts));

create function posts_terms_inserted() returns trigger language plpgsql as $$
begin
  perform search_terms_add(array(select posts_search_text(content, link_preview) from new_rows));
  return null;
end $$;
create trigger posts_terms_inserted after insert on posts referencing new table as new_rows
  for each statement execute function posts_terms_inserted();

create function posts_terms_updated() returns trigger language plpgsql as $$
begin
  perform search_terms_add(array[posts_search_text(new.content, new.link_preview)]);
  return null;
end $$;
create trigger posts_terms_updated after update of content, link_preview on posts
  for each row execute function posts_terms_updated();

-- fastupdate off as for jobs and people (0002_jobs.sql): a GIN pending list makes the planner price the index out.
create index posts_search_idx on posts using gin (search_vector) with (fastupdate = off);
