import { partnerCodeBodySchema } from '@shared/contract/partners';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { useTranslation } from '@web/lib/i18n';
import { fieldErrorTexts, refusalText } from '@web/lib/refusal-text';
import { schemaErrorText } from '@web/lib/schema-error-text';
import { toast } from '@web/stores/toast-store';
import { type FormEvent, useState } from 'react';
import { partnerApi } from '../api/partner-api';

interface CodeFormProps {
  code: string | null;
  /** The server kept the code: the page shows the link with it. */
  onSaved: (code: string) => void;
}

/**
 * The partner's own code for their link (docs/product.md "Partners"): refused here by the server's
 * own rule before it is sent; one another client's link uses is refused by the server beside the field.
 */
export function CodeForm({ code, onSaved }: CodeFormProps) {
  const { t } = useTranslation(['profile', 'errors']);
  const [value, setValue] = useState(code ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = schemaErrorText(partnerCodeBodySchema, { code: value });
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      // Sent as the schema gives it (trimmed, upper-cased), as the server stores it.
      const saved = await partnerApi.setCode(partnerCodeBodySchema.parse({ code: value }));
      toast.success(t('partner.code.saved', { code: saved.code }));
      onSaved(saved.code);
    } catch (refusal) {
      setError(fieldErrorTexts(refusal).code ?? refusalText(refusal, t('partner.code.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="partner-code-form" onSubmit={submit} noValidate>
      <TextField
        label={t('partner.code.label')}
        hint={t('partner.code.hint')}
        name="code"
        autoComplete="off"
        spellCheck={false}
        value={value}
        error={error}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
      />
      <Button type="submit" variant="secondary" size="sm" loading={busy}>
        {t('partner.code.save')}
      </Button>
    </form>
  );
}
