import { Checkbox } from '@web/components/ui/field';
import { paths } from '@web/config/paths';
import { useTranslation } from '@web/lib/i18n';
import { Link } from 'react-router-dom';

/**
 * The rules the acknowledgement links to: the user agreement's section on frozen payments and the
 * source-of-funds check (its element id, features/legal/sections.ts; docs/decisions.md).
 */
const AML_RULES_HREF = `${paths.licenseAgreement}#rights_obligations`;

/**
 * The order form's AML acknowledgement (docs/product.md "The order form"): the client agrees that
 * their funds may be held for an AML check, with a link to the rules. Both forms require it, as
 * the server does (`amlAcknowledged: true`).
 */
export function AmlAcknowledgement({
  checked,
  error,
  onChange,
}: {
  checked: boolean;
  error: string | null;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation('forms');
  return (
    <Checkbox
      name="amlAcknowledged"
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
      error={error}
      label={
        <>
          {t('apply.amlAcknowledgement')}{' '}
          <Link to={AML_RULES_HREF} target="_blank" rel="noopener">
            {t('apply.amlRules')}
          </Link>
        </>
      }
    />
  );
}
