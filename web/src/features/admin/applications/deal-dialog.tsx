import { issueProblem } from '@shared/field-rules';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/modal';
import { useTranslation } from '@web/lib/i18n';
import { ruleText } from '@web/lib/refusal-text';
import type { FormEvent, ReactNode } from 'react';
import type * as z from 'zod/mini';

/**
 * What one of the server's own schemas (shared/contract/deal.ts) refuses in a form's body, one
 * text per top-level field in the UI language: the dialog refuses what the server would, by the
 * same rule, before it sends.
 */
export function schemaFieldErrors(schema: z.ZodMiniType, value: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of schema.safeParse(value).error?.issues ?? []) {
    errors[String(issue.path[0] ?? '')] ??= ruleText(issueProblem(issue));
  }
  return errors;
}

interface DealDialogProps {
  title: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** A deal action's form in a dialog: its fields, Cancel and the action's own button. */
export function DealDialog({ title, submitLabel, busy, onSubmit, onClose, children }: DealDialogProps) {
  const { t } = useTranslation('admin');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <Modal open title={title} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        {children}
        <div className="modal__footer">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
