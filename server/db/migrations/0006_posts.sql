-- The social feed: posts with uploaded media and an optional link, likes and comments.
-- Post media are uploads claimed by a post; the derived files (display size, thumbnail) are child rows of the
-- upload they came from, so one delete removes them all. Unclaimed post media are swept after a day (ADR 015).
alter table uploads add column parent_id uuid references uploads (id) on delete cascade;
alter table uploads add column variant text;
alter table uploads add column width integer;
alter table uploads add column height integer;
alter table uploads add column claimed_at timestamptz;
create index uploads_parent_idx on uploads (parent_id);
create index uploads_unclaimed_idx on uploads (created_at)
  where claimed_at is null and parent_id is null and kind in ('post_image', 'post_video', 'link_preview');

create table posts (
  id uuid primary key default gen_random_uuid(),
  author_id uuid not null references users (id) on delete cascade,
  content text not null default '',
  link text,
  link_preview jsonb,
  visibility text not null default 'public' check (visibility in ('public')),
  like_count integer not null default 0 check (like_count >= 0),
  comment_count integer not null default 0 check (comment_count >= 0),
  created_at timestamptz not null default now()
);
create index posts_feed_idx on posts (created_at desc, id desc);
create index posts_author_idx on posts (author_id, created_at desc, id desc);

create table post_media (
  post_id uuid not null references posts (id) on delete cascade,
  upload_id uuid not null unique references uploads (id) on delete cascade,
  position integer not null,
  type text not null check (type in ('image', 'video')),
  primary key (post_id, position)
);

create table post_likes (
  post_id uuid not null references posts (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (post_id, user_id)
);
create index post_likes_user_idx on post_likes (user_id);

create table post_comments (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references posts (id) on delete cascade,
  author_id uuid not null references users (id) on delete cascade,
  content text not null,
  created_at timestamptz not null default now()
);
create index post_comments_post_idx on post_comments (post_id, created_at, id);
