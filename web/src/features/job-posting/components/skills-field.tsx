import { X } from 'lucide-react'
import { describedBy, FormField, type FieldProps } from '@/components/form-field'
import { Input } from '@/components/ui/input'
import { useT } from '@/i18n'
import { parseSkillList } from '../lib/job-form-values'

/** product.md §6: skills typed comma separated (trimmed, empties dropped), shown as removable chips. */
export function SkillsField({ value, onChange, error }: FieldProps) {
  const tr = useT()
  const { skills, error: parseError } = parseSkillList(value)
  const shownError = error ?? parseError
  return (
    <FormField
      id="job-skills"
      label={tr('posting.skills.label')}
      hint={tr('posting.skills.hint')}
      error={shownError}
    >
      <Input
        id="job-skills"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={tr('posting.skills.placeholder')}
        {...describedBy('job-skills', { hint: true, error: shownError })}
      />
      {skills.length ? (
        <ul className="flex flex-wrap gap-2" aria-label={tr('posting.skills.added')}>
          {skills.map((skill) => (
            <li
              key={skill}
              className="inline-flex items-center gap-1 rounded-full border border-indigo-100 bg-accent py-0.5 pr-1 pl-3 text-xs font-medium text-accent-foreground"
            >
              {skill}
              <button
                type="button"
                className="rounded-full p-0.5 text-indigo-400 outline-none hover:bg-indigo-100 hover:text-indigo-700 focus-visible:ring-2 focus-visible:ring-ring"
                aria-label={tr('posting.skills.remove', { skill })}
                onClick={() => onChange(skills.filter((s) => s !== skill).join(', '))}
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </FormField>
  )
}
