import { useLocation } from 'react-router'
import { Sparkles } from 'lucide-react'
import { PageHeader } from '@/components/page-header'
import { CompanyField } from '@/features/companies/components/company-field'
import { JobForm } from '@/features/job-posting/components/job-form'
import { TemplatesLink } from '@/features/job-posting/components/templates-link'
import { EMPTY_JOB_FORM, templateToFormValues } from '@/features/job-posting/lib/job-form-values'
import { useT } from '@/i18n'

/** /admin/jobs/create — post a job (product.md §3), optionally prefilled from `location.state.template`. */
export function Component() {
  const tr = useT()
  const location = useLocation()
  const state = location.state as { template?: unknown } | null
  const prefill = templateToFormValues(state?.template)
  const templateName =
    prefill && state?.template && typeof (state.template as { name?: unknown }).name === 'string'
      ? (state.template as { name: string }).name
      : null

  return (
    <div className="mx-auto w-full max-w-3xl">
      <title>{tr('posting.create.docTitle')}</title>
      <PageHeader
        title={tr('posting.create.title')}
        description={tr('posting.create.description')}
        actions={<TemplatesLink />}
      />
      {prefill ? (
        <p className="mb-6 flex items-start gap-2 rounded-xl border border-indigo-100 bg-accent/60 px-4 py-3 text-sm text-accent-foreground">
          <Sparkles className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {tr('posting.create.prefilled')}
            {templateName ? <strong className="font-semibold"> {templateName}</strong> : null}
            {tr('posting.create.prefilledCheck')}
          </span>
        </p>
      ) : null}
      {/* A new navigation (another template) starts a fresh form. */}
      <JobForm
        key={location.key}
        mode="create"
        initial={{ ...EMPTY_JOB_FORM, ...prefill }}
        companyField={(field) => <CompanyField {...field} />}
      />
    </div>
  )
}
