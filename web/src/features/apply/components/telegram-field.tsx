import { TextField } from '@web/components/ui/field';
import { CheckIcon, CloseIcon } from '@web/components/ui/icons';
import { useTranslation } from '@web/lib/i18n';
import type { TelegramContact } from './use-telegram-contact';

interface TelegramFieldProps {
  contact: TelegramContact;
  error?: string | null;
  /** Called after each edit of the contact (the form clears the field's error). */
  onEdit: () => void;
}

/** The contact input with the check's spinner, green tick or red cross (docs/product.md §2). */
export function TelegramField({ contact, error, onEdit }: TelegramFieldProps) {
  const { t } = useTranslation('forms');
  const { value, check } = contact;
  const adornment =
    check === 'checking' ? (
      <span className="spinner telegram-check telegram-check--checking" aria-hidden="true" />
    ) : check === 'valid' ? (
      <span className="telegram-check telegram-check--valid" aria-hidden="true">
        <CheckIcon size={18} />
      </span>
    ) : check === 'invalid' ? (
      <span className="telegram-check telegram-check--invalid" aria-hidden="true">
        <CloseIcon size={18} />
      </span>
    ) : null;
  return (
    <div>
      <TextField
        label={t('apply.contactTelegram')}
        name="contactTelegram"
        autoComplete="off"
        placeholder={t('apply.contactPlaceholder')}
        hint={t('apply.contactHint')}
        value={value}
        onChange={(event) => {
          contact.change(event.target.value);
          onEdit();
        }}
        onBlur={contact.verify}
        error={error}
        adornment={adornment}
        data-check={check}
      />
      <span className="visually-hidden" role="status">
        {check === 'idle' ? '' : t(`apply.contactCheck.${check}`)}
      </span>
    </div>
  );
}
