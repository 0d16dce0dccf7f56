import type { Executor } from '../db/client'
import { postComments, postLikes, posts } from '../db/schema'

/** Demo feed posts (text and links; media need real uploads, which a person adds from the dialog). */
const POSTS: { author: string; hoursAgo: number; content: string; link?: string }[] = [
  {
    author: 'meera',
    hoursAgo: 2,
    content:
      'Wrapped up a festive packaging series for a Jaipur sweet shop this week. Marigold orange and deep pink turned out to be the winning pair. Open to two more branding projects in December!',
  },
  {
    author: 'asha',
    hoursAgo: 5,
    content:
      'Kaveri Foods is launching a millet snack range next month. Looking for a food photographer in Bengaluru and a copywriter who can write in English and Kannada. Watch the jobs list!',
  },
  {
    author: 'ravi',
    hoursAgo: 9,
    content:
      'Tip for anyone building ordering apps for restaurants: keep the menu in one table with a JSON column for options. It saved me a week on my last project.',
    link: 'https://www.postgresql.org/docs/current/datatype-json.html',
  },
  {
    author: 'fatima',
    hoursAgo: 20,
    content:
      'Hit 50 completed micro-jobs on Microlance today 🎉 Thank you to every client who trusted a new freelancer.',
  },
  {
    author: 'priya',
    hoursAgo: 30,
    content:
      'Running a free 30-minute session on writing cover letters that get replies. Comment below if you would like to join — Saturday, 11 am IST.',
  },
  {
    author: 'vikram',
    hoursAgo: 52,
    content:
      'We are hiring interns for social media at our Pune studio. Paid, remote-friendly, three months.',
  },
]

const LIKES: Record<number, string[]> = {
  0: ['asha', 'ravi', 'priya'],
  1: ['meera', 'sanjay'],
  2: ['sanjay', 'fatima', 'arjun', 'meera'],
  3: ['asha', 'ravi', 'meera', 'priya', 'vikram'],
  4: ['fatima'],
}
const COMMENTS: Record<number, [string, string][]> = {
  0: [['asha', 'These look wonderful. Sending you a message about our snack range!']],
  3: [
    ['ravi', 'Congratulations, well deserved!'],
    ['meera', 'Amazing milestone 👏'],
  ],
  4: [['sanjay', 'I would like to join, thank you for doing this.']],
}

/** Inserts the demo posts with their likes and comments (counts kept in step). */
export async function seedPosts(tx: Executor, ids: Record<string, string>, now: number): Promise<number> {
  const made = await tx
    .insert(posts)
    .values(
      POSTS.map((p, i) => ({
        authorId: ids[p.author],
        content: p.content,
        link: p.link ?? null,
        likeCount: LIKES[i]?.length ?? 0,
        commentCount: COMMENTS[i]?.length ?? 0,
        createdAt: new Date(now - p.hoursAgo * 3_600_000),
      })),
    )
    .returning({ id: posts.id })
  const likes = made.flatMap((p, i) => (LIKES[i] ?? []).map((u) => ({ postId: p.id, userId: ids[u] })))
  const comments = made.flatMap((p, i) =>
    (COMMENTS[i] ?? []).map(([u, content], k) => ({
      postId: p.id,
      authorId: ids[u],
      content,
      createdAt: new Date(now - POSTS[i].hoursAgo * 3_600_000 + (k + 1) * 600_000),
    })),
  )
  if (likes.length) await tx.insert(postLikes).values(likes)
  if (comments.length) await tx.insert(postComments).values(comments)
  return made.length
}
