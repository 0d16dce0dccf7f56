import { sql, type SQL } from 'drizzle-orm'
import { isOperator } from '@common/roles'
import type { Executor } from '../../db/client'
import { isoSql } from '../../db/json-sql'
import type { UserRow } from '../../db/schema'
import { RANKED_MATCHES } from '../posts/posts.repo'

export interface LexiconEntry {
  word: string
  /** The word's English stem; '' for a stop word. */
  stem: string
  /** Some document has a word with this stem. */
  known: boolean
  /** For an unknown word of 3+ letters: near words from the documents, by trigrams or by a shared start. */
  cands: { term: string; sim: number }[]
}

export const searchRepo = {
  /** Looks every word up in search_terms at once (see 0002_jobs.sql). */
  async lexicon(db: Executor, words: string[]): Promise<LexiconEntry[]> {
    if (!words.length) return []
    const res = await db.execute(sql`
      select t.word, st.stem, k.known,
        case when length(t.word) >= 3 and not k.known then (
          select coalesce(json_agg(json_build_object('term', c.term, 'sim', c.sim)), '[]'::json)
            from (
              (select term, similarity(term, t.word) as sim from search_terms
                where term % t.word order by sim desc, term limit 10)
              union
              (select term, similarity(term, t.word) as sim from search_terms
                where term >= left(t.word, 2) and term < left(t.word, 2) || chr(1114111)
                  and abs(length(term) - length(t.word)) <= 2
                order by sim desc, term limit 10)
            ) c)
        else '[]'::json end as cands
      from json_array_elements_text(${JSON.stringify(words)}::json) with ordinality as t(word, ord)
      cross join lateral (
        select array_to_string(tsvector_to_array(to_tsvector('english', t.word)), ' ') as stem) st
      cross join lateral (
        select exists (select 1 from search_terms s where s.stem = st.stem and st.stem <> '') as known) k
      order by t.ord`)
    return (res.rows as any[]).map((r) => ({
      word: r.word,
      stem: r.stem,
      known: r.known === true || r.known === 't',
      cands: (typeof r.cands === 'string' ? JSON.parse(r.cands) : r.cands) ?? [],
    }))
  },
}

const ph = (name: string) => sql.placeholder(name)

/** `presentUser` of the person in `su` as JSON, its keys chosen by how the viewer stands to them. */
function userJsonSql(): SQL {
  const fields = (self: boolean, own: boolean) =>
    sql.join(
      [
        sql`'_id', su.id, 'userId', su.user_id, 'username', su.username, 'fullname', su.fullname`,
        ...(self ? [sql`'email', su.email, 'phoneNumber', su.phone_number`] : []),
        sql`'role', su.role, 'profile', json_build_object('bio', su.bio, 'skills', to_json(su.skills),
        'resume', su.resume, 'resumeOriginalName', su.resume_original_name, 'avatar', su.profile_photo,
        'profilePhoto', su.profile_photo), 'createdAt', ${isoSql(sql`su.created_at`)}`,
        ...(own ? [sql`'language', su.language`] : []),
      ],
      sql`, `,
    )
  const viewer = sql`${ph('viewer')}::uuid`
  return sql`case when su.id = ${viewer} then json_build_object(${fields(true, true)})
    when ${ph('operator')}::boolean then json_build_object(${fields(true, false)})
    else json_build_object(${fields(false, false)}) end`
}

/** `presentPost` of the post in `sp` (its author in `sa`) as JSON, for the viewer. */
function postJsonSql(): SQL {
  const viewer = sql`${ph('viewer')}::uuid`
  return sql`json_build_object('_id', sp.id,
    'author', json_build_object('_id', sa.id, 'userId', sa.user_id, 'username', sa.username,
      'fullname', sa.fullname, 'profilePhoto', sa.profile_photo),
    'content', sp.content,
    'media', (select coalesce(json_agg(json_build_object('url', '/uploads/' || u.file_name, 'type', pm.type,
        'thumbnailUrl', '/uploads/' || t.file_name, 'width', u.width, 'height', u.height) order by pm.position),
        '[]'::json)
      from post_media pm join uploads u on u.id = pm.upload_id
      left join uploads t on t.parent_id = u.id and t.variant = 'thumb'
      where pm.post_id = sp.id),
    'link', sp.link, 'linkPreview', sp.link_preview, 'visibility', 'public',
    'likeCount', sp.like_count, 'commentCount', sp.comment_count,
    'likedByMe', exists (select 1 from post_likes pl where pl.post_id = sp.id and pl.user_id = ${viewer}),
    'isMine', coalesce(sp.author_id = ${viewer}, false),
    'createdAt', ${isoSql(sql`sp.created_at`)})`
}

/**
 * The people and posts of a search's first page as one JSON text, `{"users": […], "posts": […]}`, shaped as
 * `presentUser` and `presentPost` shape them for this viewer (a test holds the two to each other). One statement,
 * prepared by name, beside the jobs' (ADR 082): two statements and Node's presenting their rows cost more than the
 * database's work, and unnamed, this statement's parsing and planning cost twice its execution.
 */
export function preparedSearchExtras(db: Executor) {
  const tsq = sql`to_tsquery('english', ${ph('strict')}::text)`
  // Each read keeps its own order and limit (a top-N sort); the aggregate orders the few rows it is left with.
  const byText = sql`(select json_agg(s.j order by s.r desc, s.c desc) from (
      select ${userJsonSql()} as j, ts_rank(su.search_vector, ${tsq}) as r, su.created_at as c
      from users su where su.search_vector @@ ${tsq}
      order by r desc, c desc limit ${ph('people')}::int) s)`
  const byName = sql`(select json_agg(s.j order by s.r desc, s.c desc) from (
      select ${userJsonSql()} as j, word_similarity(${ph('raw')}::text, su.fullname) as r, su.created_at as c
      from users su where ${ph('raw')}::text <% su.fullname
      order by r desc, c desc limit ${ph('people')}::int) s)`
  const posts = sql`(select json_agg(s.j order by s.r desc, s.c desc, s.id desc) from (
      select ${postJsonSql()} as j, ts_rank(sp.search_vector, ${tsq}) as r, sp.created_at as c, sp.id
      from (select p.id from posts p where p.search_vector @@ ${tsq}
              order by p.created_at desc, p.id desc limit ${RANKED_MATCHES}) recent
      join posts sp on sp.id = recent.id
      join users sa on sa.id = sp.author_id
      order by r desc, c desc, sp.id desc limit ${ph('posts')}::int) s)`
  const form = db
    .select({
      json: sql<string>`json_build_object(
        'users', coalesce(${byText}, case when btrim(${ph('raw')}::text) <> '' then ${byName} end, '[]'::json),
        'posts', coalesce(${posts}, '[]'::json))::text`,
    })
    .from(sql`(select) as one`)
    .prepare('search_extras')
  return async (
    viewer: UserRow | null,
    q: { strict: string | null; raw: string },
    limits: { people: number; posts: number },
  ): Promise<string> => {
    const [row] = await form.execute({
      strict: q.strict,
      raw: q.raw,
      viewer: viewer?.id ?? null,
      operator: !!viewer && isOperator(viewer),
      people: limits.people,
      posts: limits.posts,
    })
    return row.json
  }
}
