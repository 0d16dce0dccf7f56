import { PageHeader } from '@/components/page-header'
import { TemplateCard } from '@/features/job-posting/components/template-card'
import { JOB_TEMPLATES } from '@/features/job-posting/lib/templates'

/** /admin/job-templates — three built-in templates, each opening the create form prefilled (product.md §3). */
export function Component() {
  return (
    <div className="mx-auto w-full max-w-6xl">
      <title>Job templates · Microlance</title>
      <PageHeader
        title="Job templates"
        description="Start from a job that works: every field is filled in, and you can change anything before publishing."
      />
      <div className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
        {JOB_TEMPLATES.map((t) => (
          <TemplateCard key={t.id} template={t} />
        ))}
      </div>
    </div>
  )
}
