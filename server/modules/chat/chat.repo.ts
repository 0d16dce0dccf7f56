import { and, asc, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { conversations, messages, users, type ConversationRow, type MessageRow } from '../../db/schema'
import { toDate } from '../../db/raw-rows'
import { chatSendRepo } from './chat-send.repo'
import { isoSql } from '../../db/json-sql'

/** A pair is stored with the smaller id first, so two people have exactly one conversation row. */
export const orderedPair = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a])

export type MessageWithSender = MessageRow & { senderName: string }

export interface ConversationListRow {
  id: string
  other: { id: string; userId: string; username: string; fullname: string; profilePhoto: string | null }
  last: { id: string; content: string; createdAt: Date; senderId: string } | null
  unread: number
}

export interface SharedJobRow {
  id: string
  other: string
  title: string
  status: 'draft' | 'active' | 'closed'
  fundStatus: 'Not Initiated' | 'In Escrow' | 'Released'
  totalPaise: number
  paymentType: string
  createdBy: string
  createdAt: Date
  /** How many jobs the two people share in all (the list may hold only the newest few). */
  sharedCount: number
}

export type { SendInput, SendOutcome } from './chat-send.repo'

/** ISO-8601 in UTC with milliseconds, as `Date.prototype.toISOString` writes it (both cut microseconds off). */

/**
 * A conversation's newest page (or the page before a cursor) as the `data` of its answer, JSON text the database
 * writes in the answer's own key order (ADR 080): the other person, the messages oldest→newest, `nextCursor` when
 * older messages remain. One statement, built once per form and prepared by name: no row of a person who does not
 * exist (the caller answers 404); an empty page when the two have no conversation. Every uncached read of a chat
 * runs it, and the three reads and Node's presenting it replaces cost more than the database's work.
 */
export function preparedMessagesPage(db: Executor) {
  const p = {
    me: sql`${sql.placeholder('me')}::uuid`,
    a: sql`${sql.placeholder('a')}::uuid`,
    b: sql`${sql.placeholder('b')}::uuid`,
    limit: sql`${sql.placeholder('limit')}::int`,
    before: sql`${sql.placeholder('before')}::bigint`,
  }
  const form = (before: boolean, name: string) =>
    db
      .select({
        data: sql<string>`'{"user":' || (select row_to_json(p)::text from (
            select ${users.id} as "_id", ${users.userId} as "userId", ${users.username} as "username",
                   ${users.fullname} as "fullname", ${users.profilePhoto} as "profilePhoto") p)
          || ',"messages":[' || (
            with recursive walk(c, s, n) as (
              select c.id, (select max(seq) from messages
                             where conversation_id = c.id ${before ? sql`and seq < ${p.before}` : sql``}), 1
                from conversations c
               where c.user_a = ${p.a} and c.user_b = ${p.b}
              union all
              select w.c, (select max(seq) from messages where conversation_id = w.c and seq < w.s), w.n + 1
                from walk w
               where w.s is not null and w.n <= ${p.limit}
            )
            select coalesce(string_agg(row_to_json(x)::text, ',' order by w.s) filter (where w.n <= ${p.limit}), '')
                   || '],"nextCursor":'
                   || case when max(w.n) > ${p.limit}
                        then to_json((min(w.s) filter (where w.n <= ${p.limit}))::text)::text
                        else 'null' end
              from walk w
              join messages m on m.seq = w.s
              join users su on su.id = m.sender_id
              cross join lateral (
                select m.id as "_id",
                       (select who from (select m.sender_id as "_id", su.fullname as "fullname") who) as "sender",
                       m.receiver_id as "receiver", m.content as "content", m.job_id as "jobId",
                       ${isoSql(sql`m.created_at`)} as "createdAt", ${isoSql(sql`m.read_at`)} as "readAt",
                       m.seq::text as "seq", (m.off_platform and m.receiver_id = ${p.me}) as "offPlatform"
              ) x
          ) || '}'`,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('other')))
      .limit(1)
      .prepare(name)
  const latest = form(false, 'chat_messages_latest')
  const older = form(true, 'chat_messages_before')
  return async (
    me: string,
    other: string,
    opts: { beforeSeq?: number; limit: number },
  ): Promise<string | null> => {
    const [a, b] = orderedPair(me, other)
    const values = { me, other, a, b, limit: opts.limit }
    const rows =
      opts.beforeSeq === undefined
        ? await latest.execute(values)
        : await older.execute({ ...values, before: opts.beforeSeq })
    return rows[0]?.data ?? null
  }
}

export const chatRepo = {
  ...chatSendRepo,

  async person(db: Executor, id: string) {
    const rows = await db
      .select({
        id: users.id,
        userId: users.userId,
        username: users.username,
        fullname: users.fullname,
        profilePhoto: users.profilePhoto,
      })
      .from(users)
      .where(eq(users.id, id))
      .limit(1)
    return rows[0] ?? null
  },

  async conversationOf(db: Executor, a: string, b: string): Promise<ConversationRow | null> {
    const [x, y] = orderedPair(a, b)
    const rows = await db
      .select()
      .from(conversations)
      .where(and(eq(conversations.userA, x), eq(conversations.userB, y)))
      .limit(1)
    return rows[0] ?? null
  },

  /** Whether any contract between the two people has money paid in (the off-platform notice is not needed then). */
  async fundedBetween(db: Executor, a: string, b: string): Promise<boolean> {
    const res = await db.execute(sql`
      select 1 from contracts
       where ((client_id = ${a}::uuid and freelancer_id = ${b}::uuid)
           or (client_id = ${b}::uuid and freelancer_id = ${a}::uuid))
         and funded_paise > 0
       limit 1`)
    return res.rows.length > 0
  },

  async messageById(db: Executor, id: string): Promise<MessageRow | null> {
    return (await db.select().from(messages).where(eq(messages.id, id)).limit(1))[0] ?? null
  },

  /** Newest `limit` messages older than `beforeSeq` (or after `afterSeq`, oldest first), with sender names. */
  async page(
    db: Executor,
    conversationId: string,
    opts: { beforeSeq?: number; afterSeq?: number; limit: number },
  ): Promise<MessageWithSender[]> {
    const where = and(
      eq(messages.conversationId, conversationId),
      opts.beforeSeq !== undefined ? lt(messages.seq, opts.beforeSeq) : undefined,
      opts.afterSeq !== undefined ? gt(messages.seq, opts.afterSeq) : undefined,
    )
    const rows = await db
      .select({ m: messages, senderName: users.fullname })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId))
      .where(where)
      .orderBy(opts.afterSeq !== undefined ? asc(messages.seq) : desc(messages.seq))
      .limit(opts.limit)
    return rows.map((r) => ({ ...r.m, senderName: r.senderName }))
  },

  /**
   * Who has written to `me` without being read yet (newest first, at most `limit` of them), with the totals over
   * everyone: from the unread index, so it costs the caller's unread messages, not their history.
   */
  async unreadFrom(
    db: Executor,
    me: string,
    limit: number,
  ): Promise<{ conversations: number; messages: number; from: string[] }> {
    const res = await db.execute(sql`
      select sender_id, count(*) over () as conversations, sum(count(*)) over () as messages
        from messages
       where receiver_id = ${me} and read_at is null
       group by sender_id
       order by max(seq) desc
       limit ${limit}`)
    const rows = res.rows as { sender_id: string; conversations: unknown; messages: unknown }[]
    return {
      conversations: Number(rows[0]?.conversations ?? 0),
      messages: Number(rows[0]?.messages ?? 0),
      from: rows.map((r) => r.sender_id),
    }
  },

  /** Marks what `senderId` sent `readerId` as read; returns how many messages changed. */
  async markRead(tx: Executor, conversationId: string, readerId: string, at: Date): Promise<number> {
    const rows = await tx
      .update(messages)
      .set({ readAt: at })
      .where(
        and(
          eq(messages.conversationId, conversationId),
          eq(messages.receiverId, readerId),
          isNull(messages.readAt),
          ne(messages.senderId, readerId),
        ),
      )
      .returning({ id: messages.id })
    return rows.length
  },

  /** The user's conversations, most recent first, each with the other person, last message and unread count. */
  async conversationsOf(db: Executor, me: string, limit: number): Promise<ConversationListRow[]> {
    // The newest `limit` conversations are picked first, each side from its own index, so the joins and the
    // per-conversation lookups below run for those only, not for every conversation a busy person has.
    const res = await db.execute(sql`
      with top as (
        select * from (
          (select id, user_a, user_b, last_message_at from conversations
            where user_a = ${me} order by last_message_at desc limit ${limit})
          union all
          (select id, user_a, user_b, last_message_at from conversations
            where user_b = ${me} order by last_message_at desc limit ${limit})
        ) both_sides
        order by last_message_at desc
        limit ${limit}
      )
      select c.id, u.id as uid, u.user_id, u.username, u.fullname, u.profile_photo,
             lm.id as lm_id, lm.content as lm_content, lm.created_at as lm_created_at, lm.sender_id as lm_sender,
             (select count(*) from messages m
               where m.conversation_id = c.id and m.receiver_id = ${me} and m.read_at is null)::int as unread
        from top c
        join users u on u.id = case when c.user_a = ${me} then c.user_b else c.user_a end
        left join lateral (
          select id, content, created_at, sender_id from messages m
           where m.conversation_id = c.id order by m.seq desc limit 1
        ) lm on true
       order by c.last_message_at desc`)
    return (res.rows as any[]).map((r) => ({
      id: r.id,
      other: {
        id: r.uid,
        userId: r.user_id,
        username: r.username,
        fullname: r.fullname,
        profilePhoto: r.profile_photo,
      },
      last: r.lm_id
        ? { id: r.lm_id, content: r.lm_content, createdAt: toDate(r.lm_created_at), senderId: r.lm_sender }
        : null,
      unread: Number(r.unread),
    }))
  },

  /**
   * Jobs linking `me` with each of `others`: one posted it and the other applied, or a message between them was
   * about it. Newest first.
   */
  /** Jobs `me` shares with each of `others`, newest first; `perPerson` keeps only that many newest per person. */
  async sharedJobs(db: Executor, me: string, others: string[], perPerson?: number): Promise<SharedJobRow[]> {
    if (!others.length) return []
    const keep = perPerson ?? 2_147_483_647
    // One statement shape whatever the number of people (an array parameter, not a literal list), and one branch
    // per way two people can share a job, each driven by its own index.
    const list = sql`${`{${others.join(',')}}`}::uuid[]`
    const res = await db.execute(sql`
      select * from (
      select j.id, x.other, j.title, j.status, j.fund_status, j.total_paise, j.payment_type, j.created_by,
             j.created_at,
             row_number() over (partition by x.other order by j.created_at desc, j.id desc) as nth,
             count(*) over (partition by x.other) as shared_count
        from (
          select a.job_id, a.applicant_id as other
            from jobs j join applications a on a.job_id = j.id
           where j.created_by = ${me} and a.applicant_id = any(${list})
          union
          select a.job_id, j.created_by as other
            from applications a join jobs j on j.id = a.job_id
           where a.applicant_id = ${me} and j.created_by = any(${list})
          union
          select m.job_id, m.receiver_id as other
            from messages m
           where m.job_id is not null and m.sender_id = ${me} and m.receiver_id = any(${list})
          union
          select m.job_id, m.sender_id as other
            from messages m
           where m.job_id is not null and m.receiver_id = ${me} and m.sender_id = any(${list})
        ) x
        join jobs j on j.id = x.job_id
      ) shared
       where nth <= ${keep}
       order by created_at desc, id desc`)
    return (res.rows as any[]).map((r) => ({
      id: r.id,
      other: r.other,
      title: r.title,
      status: r.status,
      fundStatus: r.fund_status,
      totalPaise: Number(r.total_paise),
      paymentType: r.payment_type,
      createdBy: r.created_by,
      createdAt: toDate(r.created_at),
      sharedCount: Number(r.shared_count),
    }))
  },
}
