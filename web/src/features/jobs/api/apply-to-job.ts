import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { ApplyAnswer } from '@common/schemas/application'
import { api } from '@/lib/api-client'
import { httpStatus } from '@/lib/errors'
import { queryKeys } from '@/lib/query-keys'
import type { Job, JobsData } from './get-jobs'

export interface ApplyInput {
  jobId: string
  coverLetter?: string
}

/** POST /application/jobs/:id/apply {coverLetter} — the server attaches the profile resume. */
export async function applyToJob({ jobId, coverLetter }: ApplyInput) {
  const body = coverLetter?.trim() ? { coverLetter: coverLetter.trim() } : {}
  const res = await api.post<z.infer<typeof ApplyAnswer>>(
    `/application/jobs/${encodeURIComponent(jobId)}/apply`,
    body,
  )
  return res.data
}

/** Marks the job applied to in every cached list and detail, so each view shows 'Applied Successfully' at once. */
function markApplied(queryClient: QueryClient, jobId: string, answer: z.infer<typeof ApplyAnswer>) {
  const update = (job: Job): Job =>
    job._id !== jobId || job.hasApplied
      ? job
      : {
          ...job,
          hasApplied: true,
          applicationCount: job.applicationCount + 1,
          registered: job.registered + 1,
          applications: [
            ...job.applications,
            {
              _id: answer.application._id,
              applicant: answer.application.applicant,
              status: answer.application.status,
            },
          ],
        }
  queryClient.setQueriesData<Job>({ queryKey: queryKeys.jobs.details() }, (job) => job && update(job))
  queryClient.setQueriesData<JobsData>({ queryKey: queryKeys.jobs.lists() }, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, jobs: p.jobs.map(update) })) } : data,
  )
  queryClient.setQueriesData<JobsData>({ queryKey: queryKeys.search.all }, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, jobs: p.jobs.map(update) })) } : data,
  )
}

/** product.md §7 "Apply button": the mutation behind Apply Now → Applying... → Applied Successfully. */
export function useApplyToJob() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: applyToJob,
    onSuccess: (answer, { jobId }) => {
      markApplied(queryClient, jobId, answer)
      // The profile's Applied Jobs table, in the applications feature.
      void queryClient.invalidateQueries({ queryKey: queryKeys.applications.mine() })
    },
    onError: (error) => {
      // Already applied elsewhere (409), or the job closed meanwhile: show the server's current view of it.
      const status = httpStatus(error)
      if (status === 409 || status === 400 || status === 403)
        void queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all })
    },
  })
}
