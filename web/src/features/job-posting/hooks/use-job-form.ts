import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { TOAST } from '@common/limits'
import { paths } from '@/config/paths'
import { t } from '@/i18n'
import { serverMessage } from '@/lib/errors'
import { queryKeys } from '@/lib/query-keys'
import { toastError } from '@/lib/toast-error'
import { useCreateJob, useUpdateJob } from '../api/save-job'
import {
  fieldFor,
  toJobPayload,
  validateJobForm,
  type FieldErrors,
  type FieldName,
  type JobFormValues,
} from '../lib/job-form-values'
import { serverCode, serverFieldErrors } from '../lib/server-errors'

/** product.md §13: after posting, go to the manage page after 1.6 s. */
export const REDIRECT_AFTER_MS = 1600
const ms = TOAST.jobActionMs

/** Refusals that name no field in `errors` but clearly concern one (the server's `code`). */
const CODE_FIELD: Record<string, FieldName> = {
  company_not_found: 'companyId',
  not_company_owner: 'companyId',
  deadline_passed: 'deadline',
  job_funded: 'total',
}

/** The element to focus for a field's error. */
const focusTarget = (field: FieldName) =>
  field === 'paymentType'
    ? 'job-paymentType-one-time'
    : field === 'companyId'
      ? 'job-company'
      : `job-${field}`

export type SetField = <K extends keyof JobFormValues>(key: K, value: JobFormValues[K]) => void

/**
 * The post-a-job form's state and submission: validates with the shared schema, posts (or PUTs in edit mode), shows
 * the server's field errors beside the fields without touching what was typed, then redirects after 1.6 s.
 */
export function useJobForm({
  mode,
  initial,
  jobId,
}: {
  mode: 'create' | 'edit'
  initial: JobFormValues
  jobId?: string
}) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [intent, setIntent] = useState<'active' | 'draft' | null>(null)
  const [done, setDone] = useState(false)
  const timer = useRef<number | undefined>(undefined)
  const create = useCreateJob()
  const update = useUpdateJob()
  const fallback = t(mode === 'create' ? 'posting.save.postFailed' : 'posting.save.updateFailed')

  useEffect(() => () => window.clearTimeout(timer.current), [])

  const set: SetField = (key, value) => {
    setValues((v) => ({ ...v, [key]: value }))
    setErrors((e) => {
      if (!e[key] && !e.form) return e
      const next = { ...e }
      delete next[key]
      if (key === 'paymentType' || key === 'title' || key === 'description') delete next.form
      return next
    })
  }

  function showErrors(next: FieldErrors) {
    setErrors(next)
    const first = (Object.keys(next) as FieldName[]).find((f) => f !== 'form' && f !== 'total')
    if (first) window.requestAnimationFrame(() => document.getElementById(focusTarget(first))?.focus())
  }

  async function submit(status: 'active' | 'draft') {
    const problems = validateJobForm(values, mode === 'edit' ? initial.deadline : '')
    if (Object.keys(problems).length) {
      showErrors(problems)
      toast.error(problems.form ?? Object.values(problems)[0], { duration: ms })
      return
    }
    setIntent(status)
    try {
      const answer =
        mode === 'create'
          ? await create.mutateAsync(toJobPayload(values, status))
          : await update.mutateAsync({ id: jobId!, body: toJobPayload(values) })
      if (!answer.success) {
        toast.error(answer.message || fallback, { duration: ms })
        return
      }
      setErrors({})
      setDone(true)
      // A post that asks applicants to pay is held for review (ADR 056): the server's sentence says why.
      if (answer.job?.moderation?.status === 'held' && answer.message)
        toast.info(answer.message, { duration: ms })
      else
        toast.success(
          mode === 'edit'
            ? answer.message || t('posting.save.updated')
            : status === 'draft'
              ? t('posting.save.draftSaved')
              : t('posting.save.posted'),
          { duration: ms },
        )
      timer.current = window.setTimeout(() => navigate(paths.adminJobsManage.href()), REDIRECT_AFTER_MS)
    } catch (error) {
      if (toastError(error, fallback, { duration: ms }) === null) return
      const next: FieldErrors = {}
      for (const [path, message] of Object.entries(serverFieldErrors(error))) next[fieldFor(path)] ??= message
      const codeField = CODE_FIELD[serverCode(error) ?? '']
      const message = serverMessage(error)
      if (codeField && message && !Object.keys(next).length) next[codeField] = message
      if (codeField === 'companyId')
        void queryClient.invalidateQueries({ queryKey: queryKeys.companies.mine() })
      if (Object.keys(next).length) showErrors(next)
    } finally {
      setIntent(null)
    }
  }

  return {
    values,
    errors,
    set,
    submit,
    intent,
    busy: create.isPending || update.isPending || done,
  }
}
