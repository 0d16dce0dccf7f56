import { Link } from 'react-router'
import { BriefcaseBusiness } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/status-badge'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'
import { formatDate } from '@/i18n/format'
import { cn } from '@/lib/utils'
import { useAppliedJobs } from '../api/get-applied-jobs'

/** Owner-only Applied Jobs table (product.md §7): Date, Job Role, Recruiter, Status. */
export function AppliedJobsTable() {
  const t = useT()
  const { data, isPending, isError, refetch } = useAppliedJobs()

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle id="applied-jobs-title">{t('jobs.applied.title')}</CardTitle>
      </CardHeader>
      <div className="overflow-x-auto">
        <table
          // Phones get tighter cells so all four columns (Status included) fit without sideways scrolling.
          className={cn(
            'w-full text-left text-[13px] sm:text-sm',
            data && data.length > 0 && 'sm:min-w-[36rem]',
          )}
          aria-labelledby="applied-jobs-title"
        >
          <thead className="border-y bg-muted/50 text-xs tracking-wide text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-2 py-3 font-medium first:pl-4 last:pr-4 sm:px-6">
                {t('jobs.applied.date')}
              </th>
              <th scope="col" className="px-2 py-3 font-medium first:pl-4 last:pr-4 sm:px-6">
                {t('jobs.applied.role')}
              </th>
              <th scope="col" className="px-2 py-3 font-medium first:pl-4 last:pr-4 sm:px-6">
                {t('jobs.applied.recruiter')}
              </th>
              <th scope="col" className="px-2 py-3 text-right font-medium first:pl-4 last:pr-4 sm:px-6">
                {t('jobs.applied.status')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {isPending ? (
              [0, 1].map((i) => (
                <tr key={i}>
                  {[0, 1, 2, 3].map((j) => (
                    <td key={j} className="px-5 py-4 sm:px-6">
                      <Skeleton className="h-4 w-24" />
                    </td>
                  ))}
                </tr>
              ))
            ) : isError ? (
              <tr>
                <td colSpan={4} className="px-5 py-10 text-center sm:px-6">
                  <p className="text-sm text-red-600">{t('jobs.applied.failed')}</p>
                  <Button variant="outline" size="sm" className="mt-3" onClick={() => void refetch()}>
                    {t('jobs.retry')}
                  </Button>
                </td>
              </tr>
            ) : data.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-5 py-12 text-center sm:px-6">
                  <BriefcaseBusiness className="mx-auto mb-3 size-6 text-slate-400" aria-hidden />
                  <p className="text-sm text-muted-foreground">{t('jobs.applied.empty')}</p>
                </td>
              </tr>
            ) : (
              data.map((application) => (
                <tr key={application._id} className="hover:bg-muted/40">
                  <td className="py-3.5 pr-2 pl-4 text-slate-600 sm:px-6 sm:whitespace-nowrap">
                    {formatDate(application.createdAt)}
                  </td>
                  <td className="px-2 py-3.5 font-medium sm:px-6">
                    {application.job ? (
                      <Link
                        to={paths.jobDescription.href(application.job._id)}
                        className="hover:text-primary hover:underline"
                      >
                        {application.job.title}
                      </Link>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="px-2 py-3.5 text-slate-600 sm:px-6">
                    {application.job ? (
                      <>
                        <Link
                          to={paths.profile.href(application.job.created_by.userId)}
                          className="hover:text-primary hover:underline"
                        >
                          {application.job.created_by.fullname}
                        </Link>
                        {application.job.company ? (
                          <span className="block text-xs text-muted-foreground">
                            {application.job.company.name}
                          </span>
                        ) : null}
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="py-3.5 pr-4 pl-2 text-right sm:px-6">
                    <StatusBadge status={application.status} className="max-sm:px-2 max-sm:[&>span]:hidden" />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </Card>
  )
}
