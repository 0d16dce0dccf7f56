/** Files and folders converted to the catalogues by the feed-chat work (see ../converted.ts). */
export const CONVERTED_FEED_CHAT: string[] = []
