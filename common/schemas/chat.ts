import { z } from 'zod'
import { JOB_STATUSES } from './job'

/** Longest message a person can send, in characters. */
export const MESSAGE_MAX = 5000
/** Messages per page of a conversation, and the most a caller may ask for. */
export const MESSAGES_PAGE = 30
export const MESSAGES_PAGE_MAX = 100

const id = z.string().uuid('Not a valid id')

/** POST /chat/send and the socket's `sendMessage`. Content is plain text; surrounding whitespace is dropped. */
export const SendMessageBody = z.object({
  receiver: z.string({ error: 'Receiver is required' }).uuid('Receiver is not a valid user id'),
  content: z
    .string({ error: 'Message cannot be empty' })
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, 'Message cannot be empty')
        .max(MESSAGE_MAX, `A message can be at most ${MESSAGE_MAX} characters`),
    ),
  jobId: z
    .union([id, z.literal(''), z.null()])
    .optional()
    .transform((v) => v || undefined),
})
export type SendMessageInput = z.input<typeof SendMessageBody>

export const ChatUserParams = z.object({ userId: id })

/** GET /chat/messages/:userId: `before` pages back (newest first); `after` a message id = everything newer. */
export const MessagesQuery = z.object({
  before: z
    .string()
    .regex(/^\d{1,18}$/, 'Not a valid cursor')
    .optional(),
  after: id.optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).optional(),
})

export const ChatPerson = z.object({
  _id: z.string(),
  userId: z.string(),
  username: z.string(),
  fullname: z.string(),
  profilePhoto: z.string().nullable(),
})
export type ChatPersonDto = z.infer<typeof ChatPerson>

export const MessageDto = z.object({
  _id: z.string(),
  sender: z.object({ _id: z.string(), fullname: z.string() }),
  receiver: z.string(),
  content: z.string(),
  jobId: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  /** Order within the conversation; the cursor for older pages. */
  seq: z.string(),
  /**
   * For its receiver only: it carries a phone number, UPI id or WhatsApp/Telegram link, sent while no contract
   * between the two had money in escrow. The page shows a notice that payments outside Microlance are not protected.
   */
  offPlatform: z.boolean(),
})
export type ChatMessage = z.infer<typeof MessageDto>

export const ChatJob = z.object({
  _id: z.string(),
  title: z.string(),
  status: z.enum(JOB_STATUSES),
  fundStatus: z.enum(['Not Initiated', 'In Escrow', 'Released']),
  /** Rupees. */
  total: z.number(),
  paymentType: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
})
export type ChatJobDto = z.infer<typeof ChatJob>

export const ConversationDto = z.object({
  _id: z.string(),
  user: ChatPerson,
  lastMessage: z
    .object({ _id: z.string(), content: z.string(), createdAt: z.string(), sender: z.string() })
    .nullable(),
  unreadCount: z.number(),
  /** The newest few jobs the two share (all of them: GET /conversations/with-job/:userId). */
  jobs: z.array(ChatJob),
  /** How many jobs the two share in all. */
  jobCount: z.number(),
})
export type ConversationItem = z.infer<typeof ConversationDto>

export const ConversationsAnswer = z.object({
  success: z.literal(true),
  data: z.object({ conversations: z.array(ConversationDto) }),
})
export const MessagesAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    user: ChatPerson,
    messages: z.array(MessageDto),
    /** Pass as `before` for the next older page; null at the start of the conversation. */
    nextCursor: z.string().nullable(),
  }),
})
export const WithJobAnswer = z.object({
  success: z.literal(true),
  data: z.object({ conversation: z.object({ user: ChatPerson, jobs: z.array(ChatJob) }) }),
})
export const SendAnswer = z.object({ success: z.literal(true), data: z.object({ message: MessageDto }) })
export const ReadAnswer = z.object({
  success: z.literal(true),
  data: z.object({ read: z.number(), readAt: z.string() }),
})

/** How many people have sent the caller messages not yet read, the senders newest first (up to UNREAD_FROM_MAX). */
export const UNREAD_FROM_MAX = 100
export const UnreadAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    /** People with at least one unread message to the caller (all of them). */
    conversations: z.number(),
    /** Unread messages to the caller, over all conversations. */
    messages: z.number(),
    /** Those people's ids, whoever wrote last first; at most UNREAD_FROM_MAX. */
    from: z.array(z.string()),
  }),
})
export type UnreadChats = z.infer<typeof UnreadAnswer>['data']
