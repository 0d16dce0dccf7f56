/** Files and folders converted to the catalogues by the feed-chat work (see ../converted.ts). */
export const CONVERTED_FEED_CHAT: string[] = [
  'web/src/features/posts',
  'web/src/app/routes/feed.tsx',
  'web/src/app/routes/my-posts.tsx',
  'web/src/features/chat',
  'web/src/app/routes/chat',
]
