import type { Executor } from '../db/client'
import { conversations, messages, notifications } from '../db/schema'
import { orderedPair } from '../modules/chat/chat.repo'

/** A job as the seed posted it (the fields a demo conversation picks its job by). */
export interface PostedJob {
  id: string
  title: string
  createdBy: string
}

/** A demo application: who applied to which job. */
export interface DemoApplication {
  jobId: string
  applicantId: string
}

interface Line {
  from: 'client' | 'freelancer'
  minutesAgo: number
  text: string
}

interface Script {
  client: string
  freelancer: string
  /** The conversation is about the client's job the freelancer applied to whose title matches, if there is one. */
  about?: RegExp
  lines: Line[]
  /** How many of the newest lines are still unread by their receiver (they must all come from one side). */
  unread: number
}

/**
 * Demo conversations, so a person signing in as a demo account finds chat as it looks in use: a conversation about
 * a job with unread replies (and the bell's "sent you a message"), one waiting on the other side, and an older one
 * read to the end, over more than one day.
 */
const SCRIPTS: Script[] = [
  {
    client: 'asha',
    freelancer: 'ravi',
    about: /React|Node|Full-stack|Web/i,
    lines: [
      {
        from: 'client',
        minutesAgo: 26 * 60,
        text: 'Hi Ravi, thanks for applying. Have you built table-side ordering for a restaurant before?',
      },
      {
        from: 'freelancer',
        minutesAgo: 25 * 60 + 40,
        text: 'Hello Asha! Yes — last year for a café chain in Hyderabad: QR menus, orders straight to the kitchen screen and UPI at the end.',
      },
      {
        from: 'client',
        minutesAgo: 25 * 60,
        text: 'That is close to what we need. Could you share a rough plan for the first two weeks?',
      },
      {
        from: 'freelancer',
        minutesAgo: 3 * 60,
        text: 'Sure.\nWeek 1: menu, table QR codes, the order flow and the kitchen screen.\nWeek 2: UPI checkout, the daily sales report and a trial with your staff.',
      },
      { from: 'freelancer', minutesAgo: 3 * 60 - 1, text: 'I can start on Monday if that works for you.' },
    ],
    unread: 2,
  },
  {
    client: 'asha',
    freelancer: 'meera',
    lines: [
      {
        from: 'client',
        minutesAgo: 100,
        text: 'Hi Meera, I loved your festive packaging series. We launch a millet snack range next month — would you design the pouches?',
      },
      {
        from: 'freelancer',
        minutesAgo: 80,
        text: 'Thank you, Asha! I would love to. How many flavours, and do you already have brand colours?',
      },
      {
        from: 'client',
        minutesAgo: 70,
        text: 'Four flavours. Our colours are Kaveri green and turmeric yellow. I will post the job this evening.',
      },
    ],
    unread: 1,
  },
  {
    client: 'vikram',
    freelancer: 'ravi',
    lines: [
      {
        from: 'client',
        minutesAgo: 50 * 60,
        text: 'Hi Ravi, we need a Node.js developer for two weeks to speed up our payment reports. Interested?',
      },
      { from: 'freelancer', minutesAgo: 49 * 60, text: 'Hi Vikram, yes. What do the reports run on today?' },
      {
        from: 'client',
        minutesAgo: 48 * 60,
        text: 'PostgreSQL 15, about 20 million rows. The monthly report takes 40 minutes.',
      },
      {
        from: 'freelancer',
        minutesAgo: 47 * 60,
        text: 'That should come down a long way with the right indexes and a summary table. Happy to take a look.',
      },
    ],
    unread: 0,
  },
]

/**
 * Inserts the demo conversations with their messages, read state and the "sent you a message" notifications the
 * app would have raised: one per run of messages from one person, read once the run was read (as the send path does,
 * at most one unread per sender). Returns how many messages it wrote.
 */
export async function seedChats(
  tx: Executor,
  ids: Record<string, string>,
  names: Record<string, string>,
  posted: PostedJob[],
  apps: DemoApplication[],
  now: number,
): Promise<number> {
  let written = 0
  for (const s of SCRIPTS) {
    const client = ids[s.client]
    const freelancer = ids[s.freelancer]
    const applied = new Set(apps.filter((a) => a.applicantId === freelancer).map((a) => a.jobId))
    const shared = posted.filter((j) => j.createdBy === client && applied.has(j.id))
    const job = s.about ? (shared.find((j) => s.about!.test(j.title)) ?? shared[0]) : undefined
    const person = (side: Line['from']) => (side === 'client' ? s.client : s.freelancer)
    const other = (side: Line['from']) => (side === 'client' ? freelancer : client)
    const at = (l: Line) => new Date(now - l.minutesAgo * 60_000)
    const [userA, userB] = orderedPair(client, freelancer)
    const last = s.lines[s.lines.length - 1]
    const [conversation] = await tx
      .insert(conversations)
      .values({ userA, userB, lastMessageAt: at(last), createdAt: at(s.lines[0]) })
      .returning({ id: conversations.id })
    const firstUnread = s.lines.length - s.unread
    await tx.insert(messages).values(
      s.lines.map((l, i) => {
        const reply = s.lines.slice(i + 1).find((n) => n.from !== l.from)
        return {
          conversationId: conversation.id,
          senderId: ids[person(l.from)],
          receiverId: other(l.from),
          jobId: job?.id ?? null,
          content: l.text,
          createdAt: at(l),
          // Read when the receiver answered (or a minute later, for the last read ones); the newest `unread` not yet.
          readAt: i >= firstUnread ? null : reply ? at(reply) : new Date(at(l).getTime() + 60_000),
        }
      }),
    )
    written += s.lines.length
    const notes: (typeof notifications.$inferInsert)[] = []
    s.lines.forEach((l, i) => {
      if (i > 0 && s.lines[i - 1].from === l.from) return
      let end = i
      while (end + 1 < s.lines.length && s.lines[end + 1].from === l.from) end++
      const sender = person(l.from)
      notes.push({
        userId: other(l.from),
        type: 'message',
        message: `${names[sender]} sent you a message`,
        // As the chat's send statement writes it (ADR 078).
        messageKey: 'notifications.message.new',
        messageParams: { name: names[sender] },
        metadata: job ? { senderId: ids[sender], jobId: job.id } : { senderId: ids[sender] },
        // Unread while any message of the run is.
        isRead: end < firstUnread,
        createdAt: at(l),
      })
    })
    await tx.insert(notifications).values(notes)
  }
  return written
}
