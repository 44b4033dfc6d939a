import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { CopyIcon } from '@web/components/ui/icons';
import { copyWithToast } from '@web/lib/clipboard';
import { saveFile } from '@web/lib/download';
import { useTranslation } from '@web/lib/i18n';

/** Offers `text` as a file download, made in the browser (the codes never travel again). */
const download = (fileName: string, text: string) =>
  saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), fileName);

/** The recovery codes just issued, shown this once, with copy and download and a "saved" step. */
export function RecoveryCodes({
  codes,
  account,
  onSaved,
}: {
  codes: string[];
  account: string;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['security', 'errors']);
  const text = codes.join('\n');

  return (
    <div className="mfa-step">
      <Alert tone="success">
        <p>{t('enabled')}</p>
      </Alert>
      <h3 className="mfa-step__title">{t('codesTitle')}</h3>
      <Alert tone="warning">
        <p>{t('codesNote')}</p>
      </Alert>
      <ol className="mfa-codes mono" aria-label={t('codesTitle')}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="mfa-step__actions">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => copyWithToast(text, t('codesCopied'), t('errors:profile.copyFailed'))}
        >
          <CopyIcon size={16} />
          {t('copyCodes')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => download(t('fileName'), `${t('fileHeading', { account })}\n\n${text}\n`)}
        >
          {t('download')}
        </Button>
      </div>
      <div className="mfa-step__actions">
        <Button onClick={onSaved}>{t('saved')}</Button>
      </div>
    </div>
  );
}
