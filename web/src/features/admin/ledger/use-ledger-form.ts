import { issueProblem } from '@shared/field-rules';
import { useTranslation } from '@web/lib/i18n';
import { fieldErrorTexts, refusalText, ruleText } from '@web/lib/refusal-text';
import { useState } from 'react';
import type * as z from 'zod/mini';
import { notify } from '../lib/notify';

/**
 * A books' form sent as its route's own schema takes it: what the schema refuses is said on the
 * field in the server's words before sending; the server's field errors land on the same fields,
 * any other refusal above the form in its words (web/src/lib/refusal-text.ts).
 */
export function useLedgerForm<Body, Reply>(
  bodySchema: z.ZodMiniType<Body>,
  send: (body: Body) => Promise<Reply>,
  { savedText, onSaved }: { savedText: string; onSaved: (reply: Reply) => void },
) {
  const { t } = useTranslation('admin');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (draft: unknown) => {
    setGeneral(null);
    const parsed = bodySchema.safeParse(draft);
    if (!parsed.success) {
      const problems: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        problems[String(issue.path[0] ?? '')] ??= ruleText(issueProblem(issue));
      setErrors(problems);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const reply = await send(parsed.data);
      notify.success(savedText);
      onSaved(reply);
    } catch (error) {
      const fields = fieldErrorTexts(error, (path) => path.split('.')[0] ?? path);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setGeneral(refusalText(error, t('common.updateFailed')));
    } finally {
      setSaving(false);
    }
  };

  /** Forgets a field's error once it is edited. */
  const edited = (field: string) => setErrors(({ [field]: _gone, ...rest }) => rest);

  return { errors, general, saving, submit, edited };
}
