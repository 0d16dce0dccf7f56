import { z } from 'zod'

/** Feed limits (product.md §10, ADR 015). */
export const POST_LIMITS = {
  contentMax: 5000,
  commentMax: 1000,
  mediaMax: 10,
  imageMaxBytes: 10 * 1024 * 1024,
  videoMaxBytes: 50 * 1024 * 1024,
  linkMax: 2048,
  pageSize: 10,
} as const

export const IMAGE_MIMES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const
export const VIDEO_MIMES = ['video/mp4', 'video/webm'] as const

/** A byte count as whole megabytes for people ('10 MB'). */
export const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`
/** What a person is told of a file that is no photo or video a post takes (the browser's check and the server's). */
export const unsupportedMediaMessage = (name: string) =>
  `“${name}” is not a supported photo or video. Use JPEG, PNG, WebP or GIF photos (up to ${mb(POST_LIMITS.imageMaxBytes)}) or MP4 or WebM videos (up to ${mb(POST_LIMITS.videoMaxBytes)}).`
export const MEDIA_TYPES = ['image', 'video'] as const
export type MediaType = (typeof MEDIA_TYPES)[number]

/** product.md §10: the one message for a post with neither text nor media. */
export const EMPTY_POST_MESSAGE = 'Please add some content or media'

/** A link must be an absolute http(s) URL. */
export const LinkSchema = z
  .string()
  .trim()
  .max(POST_LIMITS.linkMax, `A link is at most ${POST_LIMITS.linkMax} characters`)
  .refine((v) => {
    try {
      const u = new URL(v)
      return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname
    } catch {
      return false
    }
  }, 'The link must be a web address starting with http:// or https://')

export const MediaRef = z.object({
  url: z.string().max(300),
  type: z.enum(MEDIA_TYPES, { error: 'A media type is image or video' }),
})

/**
 * product.md §10 "Post create payload": content, media[] of {url, type}, link (omitted when empty), visibility
 * 'public'.
 */
export const CreatePostBody = z
  .object({
    content: z
      .string()
      .max(POST_LIMITS.contentMax, `A post is at most ${POST_LIMITS.contentMax} characters`)
      .default(''),
    media: z
      .array(MediaRef)
      .max(POST_LIMITS.mediaMax, `A post has at most ${POST_LIMITS.mediaMax} photos or videos`)
      .default([]),
    link: LinkSchema.optional(),
    visibility: z.literal('public', { error: "Visibility is 'public'" }).default('public'),
  })
  .refine((b) => b.content.trim().length > 0 || b.media.length > 0, { message: EMPTY_POST_MESSAGE })
export type CreatePostInput = z.input<typeof CreatePostBody>

export const CommentBody = z.object({
  content: z
    .string({ error: 'Write a comment first' })
    .trim()
    .min(1, 'Write a comment first')
    .max(POST_LIMITS.commentMax, `A comment is at most ${POST_LIMITS.commentMax} characters`),
})

export const FeedQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(POST_LIMITS.pageSize),
})

export const UploadedMedia = z.object({
  url: z.string(),
  type: z.enum(MEDIA_TYPES),
  thumbnailUrl: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
})
export type UploadedMediaDto = z.infer<typeof UploadedMedia>
export const UploadAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  media: z.array(UploadedMedia),
})

export const PostAuthor = z.object({
  _id: z.string(),
  userId: z.string(),
  username: z.string(),
  fullname: z.string(),
  profilePhoto: z.string().nullable(),
})

export const LinkPreview = z.object({
  url: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  siteName: z.string().nullable(),
})
export type LinkPreviewDto = z.infer<typeof LinkPreview>

export const PostDto = z.object({
  _id: z.string(),
  author: PostAuthor,
  content: z.string(),
  media: z.array(UploadedMedia),
  link: z.string().nullable(),
  linkPreview: LinkPreview.nullable(),
  visibility: z.literal('public'),
  likeCount: z.number(),
  commentCount: z.number(),
  likedByMe: z.boolean(),
  isMine: z.boolean(),
  createdAt: z.string(),
})
export type PostDtoT = z.infer<typeof PostDto>

export const CommentDto = z.object({
  _id: z.string(),
  postId: z.string(),
  author: PostAuthor,
  content: z.string(),
  createdAt: z.string(),
  isMine: z.boolean(),
})
export type CommentDtoT = z.infer<typeof CommentDto>

export const PostAnswer = z.object({ success: z.literal(true), message: z.string(), post: PostDto })
export const PostsPage = z.object({
  success: z.literal(true),
  data: z.object({ posts: z.array(PostDto), nextCursor: z.string().nullable() }),
})
export const LikeAnswer = z.object({
  success: z.literal(true),
  liked: z.boolean(),
  likeCount: z.number(),
})
export const CommentAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  comment: CommentDto,
  commentCount: z.number(),
})
export const CommentsPage = z.object({
  success: z.literal(true),
  data: z.object({ comments: z.array(CommentDto), nextCursor: z.string().nullable() }),
})
