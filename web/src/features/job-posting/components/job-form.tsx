import type { FormEvent, KeyboardEvent, ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { CircleAlert, Lock, Send } from 'lucide-react'
import { CATEGORIES, type Category } from '@common/categories'
import { JOB_LIMITS } from '@common/schemas/job'
import { describedBy, FormField, NativeSelect, type FieldProps } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'
import { useJobForm } from '../hooks/use-job-form'
import type { JobFormValues } from '../lib/job-form-values'
import { CATEGORY_LABEL } from '../lib/labels'
import { Check, JobDetailsCard } from './job-details-card'
import { PaymentFields } from './payment-fields'
import { SkillsField } from './skills-field'

/**
 * The post-a-job form (product.md §3 "Post a job", §6): every field of POST /job/post. In `edit` mode it PUTs the job
 * instead. Nothing typed is lost on an error: the values live here until the page is left. The company picker
 * belongs to the companies feature, so the route passes it in (`companyField`).
 */
export function JobForm({
  mode,
  initial,
  jobId,
  moneyLocked = false,
  companyField,
}: {
  mode: 'create' | 'edit'
  initial: JobFormValues
  jobId?: string
  moneyLocked?: boolean
  /** The company picker (its value is the chosen company's id). */
  companyField: (props: FieldProps) => ReactNode
}) {
  const navigate = useNavigate()
  const tr = useT()
  const { values, errors, set, submit, intent, busy } = useJobForm({ mode, initial, jobId })

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    void submit(submitter?.value === 'active' ? 'active' : 'draft')
  }

  // A long form with two ways to submit: Enter in a one-line field must not publish (or save) it by accident.
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    const t = e.target
    // Only this form's own fields: the add-company dialog is portalled but its events bubble through here.
    if (
      e.key === 'Enter' &&
      t instanceof HTMLInputElement &&
      e.currentTarget.contains(t) &&
      !['checkbox', 'radio'].includes(t.type)
    )
      e.preventDefault()
  }

  const noPaymentType = !values.paymentType
  return (
    <form
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      noValidate
      className="flex flex-col gap-6"
      aria-label={tr('posting.form.label')}
    >
      {errors.form ? (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {errors.form}
        </div>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>{tr('posting.form.theJob')}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <FormField id="job-title" label={tr('posting.form.title')} error={errors.title} required>
            <Input
              id="job-title"
              value={values.title}
              maxLength={JOB_LIMITS.titleMax}
              onChange={(e) => set('title', e.target.value)}
              placeholder={tr('posting.form.titlePlaceholder')}
              {...describedBy('job-title', { error: errors.title })}
            />
          </FormField>
          <FormField
            id="job-description"
            label={tr('posting.form.description')}
            hint={tr('posting.form.descriptionHint')}
            error={errors.description}
            required
          >
            <Textarea
              id="job-description"
              value={values.description}
              rows={7}
              maxLength={JOB_LIMITS.descriptionMax}
              onChange={(e) => set('description', e.target.value)}
              {...describedBy('job-description', { hint: true, error: errors.description })}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="job-category" label={tr('posting.form.category')} error={errors.category}>
              <NativeSelect
                id="job-category"
                value={values.category}
                onChange={(e) => set('category', e.target.value as Category)}
                {...describedBy('job-category', { error: errors.category })}
              >
                {CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {tr(CATEGORY_LABEL[c])}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            {companyField({
              value: values.companyId,
              onChange: (v) => set('companyId', v),
              error: errors.companyId,
            })}
          </div>
          <SkillsField value={values.skills} onChange={(v) => set('skills', v)} error={errors.skills} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{tr('posting.form.payment')}</CardTitle>
          {moneyLocked ? (
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <Lock className="size-3.5" aria-hidden /> {tr('posting.form.moneyLocked')}
            </p>
          ) : null}
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <PaymentFields values={values} errors={errors} set={set} locked={moneyLocked} />
          <div className="flex flex-wrap gap-x-6 gap-y-3">
            <Check
              id="job-isFree"
              label={tr('posting.form.free')}
              checked={values.isFree}
              onChange={(v) => set('isFree', v)}
            />
            <Check
              id="job-isDiscounted"
              label={tr('posting.form.discounted')}
              checked={values.isDiscounted}
              onChange={(v) => set('isDiscounted', v)}
            />
          </div>
        </CardContent>
      </Card>

      <JobDetailsCard values={values} errors={errors} set={set} />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-end">
        {noPaymentType ? (
          <p id="job-submit-hint" className="text-sm text-muted-foreground sm:mr-auto">
            {tr('posting.form.choosePaymentType')}
          </p>
        ) : null}
        {mode === 'create' ? (
          <>
            <Button
              type="submit"
              value="draft"
              variant="outline"
              size="lg"
              className="order-3 sm:order-none"
              disabled={noPaymentType || busy}
              aria-describedby={noPaymentType ? 'job-submit-hint' : undefined}
            >
              {intent === 'draft' ? (
                <>
                  <Spinner /> {tr('common.saving')}
                </>
              ) : (
                tr('posting.form.saveDraft')
              )}
            </Button>
            <Button
              type="submit"
              value="active"
              size="lg"
              className="order-2 sm:order-none"
              disabled={noPaymentType || busy}
              aria-describedby={noPaymentType ? 'job-submit-hint' : undefined}
            >
              {intent === 'active' ? (
                <>
                  <Spinner /> {tr('posting.form.publishing')}
                </>
              ) : (
                <>
                  <Send aria-hidden /> {tr('posting.form.publish')}
                </>
              )}
            </Button>
          </>
        ) : (
          <>
            <Button
              variant="outline"
              size="lg"
              className="order-3 sm:order-none"
              disabled={busy}
              onClick={() => navigate(paths.adminJobsManage.href())}
            >
              {tr('common.cancel')}
            </Button>
            <Button
              type="submit"
              size="lg"
              className="order-2 sm:order-none"
              disabled={noPaymentType || busy}
            >
              {intent ? (
                <>
                  <Spinner /> {tr('common.saving')}
                </>
              ) : (
                tr('posting.form.saveChanges')
              )}
            </Button>
          </>
        )}
      </div>
    </form>
  )
}
