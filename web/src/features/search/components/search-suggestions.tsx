import { Link } from 'react-router'
import { Compass, Search } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'

/** Common searches on the demo marketplace (its jobs are written in English); each is an ordinary /search?q= link. */
const SUGGESTIONS = [
  'React developer',
  'Graphic design',
  'Content writing',
  'Data entry',
  'Video editing',
  'Tally GST',
]

/** /search without a query: what to try, and the way to Explore. */
export function SearchSuggestions() {
  const t = useT()
  return (
    <EmptyState
      icon={Search}
      title={t('jobs.search.label')}
      action={
        <Button asChild variant="outline">
          <Link to={paths.explore.href()}>
            <Compass aria-hidden /> {t('jobs.search.exploreAll')}
          </Link>
        </Button>
      }
    >
      <p>{t('jobs.search.hint')}</p>
      <ul className="mt-4 flex flex-wrap justify-center gap-2" aria-label={t('jobs.search.suggested')}>
        {SUGGESTIONS.map((s) => (
          <li key={s}>
            <Link
              to={paths.search.href(s)}
              className="inline-flex h-8 items-center rounded-full border bg-background px-3 text-sm text-slate-700 outline-none hover:border-primary/40 hover:text-primary focus-visible:ring-2 focus-visible:ring-ring"
            >
              {s}
            </Link>
          </li>
        ))}
      </ul>
    </EmptyState>
  )
}
