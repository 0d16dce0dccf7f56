import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { preparedStatement } from '../../db/prepared-statements'
import { toDate } from '../../db/raw-rows'
import type { NotificationRow } from '../../db/schema'
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@common/languages'
import type { MessageWithSender } from './chat.repo'

/**
 * A whole send in one statement (ADR 023): the sender (and, for a socket, that its session is still live), the
 * receiver, the conversation upsert, the message, and the receiver's "new message" notification unless an unread one
 * from this sender is already there. It either writes everything or nothing, and its answer says which check failed.
 */
const SEND_SQL = `
with sender as (
  select u.id, u.fullname from users u
   where u.id = $1::uuid
     and ($2::text is null or exists (
       select 1 from sessions s where s.token_hash = $2::text and s.user_id = u.id and s.expires_at > now()))
), receiver as (
  select u.id, u.language from users u where u.id = $3::uuid
), pair as (
  select s.id as sender_id, s.fullname, r.id as receiver_id, r.language as receiver_language
    from sender s, receiver r where s.id <> r.id
), conversation as (
  insert into conversations (user_a, user_b, last_message_at)
  select least(sender_id, receiver_id), greatest(sender_id, receiver_id), $6::timestamptz from pair
  on conflict (user_a, user_b) do update set last_message_at = excluded.last_message_at
  returning id
), message as (
  insert into messages (conversation_id, sender_id, receiver_id, job_id, content, created_at, off_platform)
  select c.id, p.sender_id, p.receiver_id, $4::uuid, $5::text, $6::timestamptz, $7::boolean from conversation c, pair p
  returning id, seq, conversation_id, sender_id, receiver_id, job_id, content, created_at, read_at, off_platform
), notification as (
  insert into notifications (user_id, type, message, message_key, message_params, metadata)
  select p.receiver_id, 'message', p.fullname || ' sent you a message', 'notifications.message.new',
         jsonb_build_object('name', p.fullname),
         case when $4::uuid is null then jsonb_build_object('senderId', p.sender_id)
              else jsonb_build_object('senderId', p.sender_id, 'jobId', $4::uuid) end
    from pair p, message m
   where not exists (
     select 1 from notifications n
      where n.user_id = p.receiver_id and n.type = 'message' and not n.is_read
        and n.metadata->>'senderId' = p.sender_id::text)
  returning id, user_id, type, message, message_key, message_params, metadata, is_read, created_at
)
select exists (select 1 from sender) as sender_ok, exists (select 1 from receiver) as receiver_ok,
       p.fullname as sender_name, p.receiver_language as n_language,
       m.id, m.seq, m.conversation_id, m.sender_id, m.receiver_id, m.job_id, m.content, m.created_at, m.read_at,
       m.off_platform, n.id as n_id, n.user_id as n_user_id, n.type as n_type, n.message as n_message,
       n.message_key as n_message_key, n.message_params as n_message_params, n.metadata as n_metadata,
       n.is_read as n_is_read, n.created_at as n_created_at
  from (select 1) one
  left join pair p on true
  left join message m on true
  left join notification n on true`

const SEND_PARAMS = ['senderId', 'sessionHash', 'receiverId', 'jobId', 'content', 'at', 'offPlatform'].map(
  (name) => sql.placeholder(name),
)
/**
 * SEND_SQL for many messages at once (ADR 028): the same checks and writes, row by row, in one statement and one
 * commit. Ids are made by the caller so each answer row finds its message and notification. A pair's conversation is
 * written once (a statement may not update a row twice); of several messages from one person to another, only the
 * first can raise the notification, as when they are sent one after the other.
 */
const SEND_MANY_SQL = `
with input as (
  select * from unnest($1::uuid[], $2::text[], $3::uuid[], $4::uuid[], $5::text[], $6::timestamptz[], $7::uuid[],
                       $8::uuid[], $9::boolean[])
    with ordinality as t(sender_id, session_hash, receiver_id, job_id, content, at, message_id, notification_id,
                         off_platform, n)
), sender as (
  -- Row by row through the indexes ('offset 0' keeps each lookup a lookup), not a hash of every user or session.
  select i.n, u.id, u.fullname
    from input i
    join lateral (select u.id, u.fullname from users u where u.id = i.sender_id offset 0) u on true
   where i.session_hash is null
      or exists (select 1 from sessions s
                  where s.token_hash = i.session_hash and s.user_id = u.id and s.expires_at > now() offset 0)
), receiver as (
  select i.n, u.id, u.language
    from input i
    join lateral (select u.id, u.language from users u where u.id = i.receiver_id offset 0) u on true
), pair as (
  select i.n, s.id as sender_id, s.fullname, r.id as receiver_id, r.language as receiver_language, i.job_id, i.content, i.at, i.message_id,
         i.notification_id, i.off_platform
    from input i join sender s on s.n = i.n join receiver r on r.n = i.n
   where s.id <> r.id
), conversation as (
  insert into conversations (user_a, user_b, last_message_at)
  select least(sender_id, receiver_id), greatest(sender_id, receiver_id), max(at) from pair group by 1, 2
   order by 1, 2 -- every batch locks conversations in one order, so two never wait on each other
  on conflict (user_a, user_b) do update set last_message_at = excluded.last_message_at
  returning id, user_a, user_b
), message as (
  insert into messages (id, conversation_id, sender_id, receiver_id, job_id, content, created_at, off_platform)
  select p.message_id, c.id, p.sender_id, p.receiver_id, p.job_id, p.content, p.at, p.off_platform
    from pair p
    join conversation c on c.user_a = least(p.sender_id, p.receiver_id) and c.user_b = greatest(p.sender_id, p.receiver_id)
   order by p.n
  returning id, seq, conversation_id, sender_id, receiver_id, job_id, content, created_at, read_at, off_platform
), notification as (
  insert into notifications (id, user_id, type, message, message_key, message_params, metadata)
  select first.notification_id, first.receiver_id, 'message', first.fullname || ' sent you a message',
         'notifications.message.new', jsonb_build_object('name', first.fullname),
         case when first.job_id is null then jsonb_build_object('senderId', first.sender_id)
              else jsonb_build_object('senderId', first.sender_id, 'jobId', first.job_id) end
    from (select distinct on (p.sender_id, p.receiver_id) p.*
            from pair p join message m on m.id = p.message_id
           order by p.sender_id, p.receiver_id, p.n) first
   where not exists (
     select 1 from notifications n
      where n.user_id = first.receiver_id and n.type = 'message' and not n.is_read
        and n.metadata->>'senderId' = first.sender_id::text)
  returning id, user_id, type, message, message_key, message_params, metadata, is_read, created_at
)
select i.n, s.n is not null as sender_ok, r.n is not null as receiver_ok, s.fullname as sender_name,
       r.language as n_language,
       m.id, m.seq, m.conversation_id, m.sender_id, m.receiver_id, m.job_id, m.content, m.created_at, m.read_at,
       m.off_platform, nt.id as n_id, nt.user_id as n_user_id, nt.type as n_type, nt.message as n_message,
       nt.message_key as n_message_key, nt.message_params as n_message_params, nt.metadata as n_metadata,
       nt.is_read as n_is_read, nt.created_at as n_created_at
  from input i
  left join sender s on s.n = i.n
  left join receiver r on r.n = i.n
  left join message m on m.id = i.message_id
  left join notification nt on nt.id = i.notification_id
 order by i.n`

const SEND_MANY_PARAMS = [
  'senders',
  'sessions',
  'receivers',
  'jobs',
  'contents',
  'ats',
  'messageIds',
  'notificationIds',
  'offPlatform',
].map((name) => sql.placeholder(name))
/** A PostgreSQL array literal of text (or uuid, or timestamps): every element quoted, NULL for null. */
const pgArray = (values: (string | null)[]) =>
  `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`

export interface SendInput {
  senderId: string
  sessionHash: string | null
  receiverId: string
  jobId: string | null
  content: string
  at: Date
  /** Carries off-platform contact details with no funded contract between the two (ADR 056). */
  offPlatform: boolean
}

/** One answer row of SEND_SQL or SEND_MANY_SQL as an outcome. */
function outcome(r: Record<string, any>): SendOutcome {
  if (!r.id) return { ok: false, senderOk: !!r.sender_ok, receiverOk: !!r.receiver_ok }
  const message: MessageWithSender = {
    id: r.id,
    seq: Number(r.seq),
    conversationId: r.conversation_id,
    senderId: r.sender_id,
    receiverId: r.receiver_id,
    jobId: r.job_id,
    content: r.content,
    createdAt: toDate(r.created_at),
    readAt: r.read_at == null ? null : toDate(r.read_at),
    offPlatform: r.off_platform === true || r.off_platform === 't',
    senderName: r.sender_name,
  }
  const notification: NotificationRow | null = r.n_id
    ? {
        id: r.n_id,
        userId: r.n_user_id,
        type: r.n_type,
        message: r.n_message,
        messageKey: r.n_message_key ?? null,
        messageParams:
          typeof r.n_message_params === 'string'
            ? JSON.parse(r.n_message_params)
            : (r.n_message_params ?? null),
        metadata: typeof r.n_metadata === 'string' ? JSON.parse(r.n_metadata) : r.n_metadata,
        isRead: !!r.n_is_read,
        createdAt: toDate(r.n_created_at),
      }
    : null
  // The receiver's language comes with the same statement (ADR 078): the live push needs no second query.
  const language: Language = isLanguage(r.n_language) ? r.n_language : DEFAULT_LANGUAGE
  return { ok: true, message, notification, language }
}

export type SendOutcome =
  | { ok: false; senderOk: boolean; receiverOk: boolean }
  | { ok: true; message: MessageWithSender; notification: NotificationRow | null; language: Language }

/** Sending messages: one statement per send or per batch, prepared once per database (ADR 023, 028). */
export const chatSendRepo = {
  /**
   * Writes a message from `senderId` to `receiverId` in one statement (see SEND_SQL); with `sessionHash`, only while
   * that session of the sender is still live. Nothing is written when the sender, session or receiver is missing, or
   * they are the same person.
   */
  async send(db: Db, v: SendInput): Promise<SendOutcome> {
    const res = (await preparedStatement(db, 'chat_send', SEND_SQL, SEND_PARAMS).execute({ ...v })) as {
      rows: Record<string, any>[]
    }
    return outcome(res.rows[0])
  },

  /** `send` for many messages in one statement and one commit (ADR 028); the outcomes in the order given. */
  async sendMany(db: Db, vs: SendInput[]): Promise<SendOutcome[]> {
    const res = (await preparedStatement(db, 'chat_send_many', SEND_MANY_SQL, SEND_MANY_PARAMS).execute({
      senders: pgArray(vs.map((v) => v.senderId)),
      sessions: pgArray(vs.map((v) => v.sessionHash)),
      receivers: pgArray(vs.map((v) => v.receiverId)),
      jobs: pgArray(vs.map((v) => v.jobId)),
      contents: pgArray(vs.map((v) => v.content)),
      ats: pgArray(vs.map((v) => v.at.toISOString())),
      messageIds: pgArray(vs.map(() => crypto.randomUUID())),
      notificationIds: pgArray(vs.map(() => crypto.randomUUID())),
      offPlatform: `{${vs.map((v) => (v.offPlatform ? 't' : 'f')).join(',')}}`,
    })) as { rows: Record<string, any>[] }
    return res.rows.map(outcome)
  },
}
