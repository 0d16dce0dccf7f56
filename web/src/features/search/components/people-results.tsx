import { Link } from 'react-router'
import type { User } from '@common/schemas/user'
import { NameAndHandle } from '@/components/name-and-handle'
import { UserAvatar } from '@/components/ui/avatar'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'
import { Marked } from '@/components/ui/marked'

const SKILLS_SHOWN = 3

/** The people a search found (name, @username, skills), each linking to their profile — a secondary section. */
export function PeopleResults({ users, query, id }: { users: User[]; query: string; id?: string }) {
  const t = useT()
  if (!users.length) return null
  return (
    <section
      id={id}
      tabIndex={-1}
      aria-labelledby="people-heading"
      className="flex scroll-mt-4 flex-col gap-3 outline-none"
    >
      <h2 id="people-heading" className="text-base font-semibold text-slate-900">
        {t('jobs.search.peopleCount', { count: users.length })}
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {users.map((u) => {
          const skills = u.profile.skills.slice(0, SKILLS_SHOWN)
          const more = u.profile.skills.length - skills.length
          return (
            <li key={u._id}>
              <Link
                to={paths.profile.href(u.userId)}
                className="flex items-start gap-3 rounded-2xl border bg-card p-4 shadow-xs transition-colors outline-none hover:border-slate-300 focus-visible:ring-2 focus-visible:ring-ring"
              >
                <UserAvatar
                  name={u.fullname}
                  src={u.profile.profilePhoto ?? u.profile.avatar}
                  className="size-10"
                />
                <span className="flex min-w-0 flex-col gap-1.5">
                  <NameAndHandle
                    name={<Marked text={u.fullname} query={query} />}
                    username={<Marked text={u.username} query={query} />}
                  />
                  {skills.length ? (
                    <span className="flex flex-wrap gap-1">
                      {skills.map((s) => (
                        <span
                          key={s}
                          className="rounded-md bg-slate-100 px-1.5 py-0.5 text-[11px] font-medium text-slate-700"
                        >
                          <Marked text={s} query={query} />
                        </span>
                      ))}
                      {more > 0 ? (
                        <span className="px-1 py-0.5 text-[11px] text-muted-foreground">+{more}</span>
                      ) : null}
                    </span>
                  ) : null}
                </span>
              </Link>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
