import { TextField } from '@web/components/ui/field';
import { CheckIcon, CloseIcon, ExternalIcon } from '@web/components/ui/icons';
import { useTranslation } from '@web/lib/i18n';
import type { TelegramContact } from './use-telegram-contact';

interface TelegramFieldProps {
  contact: TelegramContact;
  error?: string | null;
  /** Called after each edit of the contact (the form clears the field's error). */
  onEdit: () => void;
}

/**
 * The contact input with the check's spinner, green tick or red cross (docs/product.md §2); under it,
 * when the exchange has a Telegram bot the checked contact has not started, a link to start it (the
 * application's updates then come there too), or a note that it has. Neither stops the submit.
 */
export function TelegramField({ contact, error, onEdit }: TelegramFieldProps) {
  const { t } = useTranslation('forms');
  const { value, check, bot } = contact;
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
      {bot?.started === false && (
        <p className="telegram-bot-hint">
          <a href={`https://t.me/${bot.username}`} target="_blank" rel="noopener noreferrer">
            {t('apply.botStart', { bot: bot.username })}
            <ExternalIcon size={14} />
            <span className="visually-hidden">{t('apply.opensInNewTab')}</span>
          </a>
        </p>
      )}
      {bot?.started === true && (
        <p className="telegram-bot-hint telegram-bot-hint--started">
          <CheckIcon size={14} />
          {t('apply.botStarted', { bot: bot.username })}
        </p>
      )}
    </div>
  );
}
