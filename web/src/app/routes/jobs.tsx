import { Link } from 'react-router'
import { SearchX } from 'lucide-react'
import { PlaceholderPage } from '@/components/placeholder-page'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'

/** / and /jobs — the job browser (spec §2). Listings arrive with the jobs issue; until then, its empty state. */
export function Component() {
  return (
    <>
      <title>Jobs · Microlance</title>
      <PlaceholderPage
        title="Job browser"
        description="Internships, gigs and micro-jobs from clients across India."
        icon={SearchX}
        emptyTitle="No opportunities found"
        action={
          <Button asChild variant="outline">
            <Link to={paths.jobs.href()}>Reset Filters</Link>
          </Button>
        }
      >
        Job listings, filters and the detail panel open in an upcoming release.
      </PlaceholderPage>
    </>
  )
}
