import { profileTelegramIdSchema } from '@shared/contract/auth';
import type { OwnUser } from '@shared/contract/users';
import { LANGUAGES, type Language } from '@shared/enums';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { SelectField, TextField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { Spinner } from '@web/components/ui/spinner';
import { changeLanguage, i18n, useTranslation } from '@web/lib/i18n';
import { schemaErrorText } from '@web/lib/schema-error-text';
import { useResource } from '@web/lib/use-resource';
import { usernameError } from '@web/lib/validation';
import { useAuthStore } from '@web/stores/auth-store';
import { toast } from '@web/stores/toast-store';
import { type FormEvent, useState } from 'react';
import { fetchAvatars, updateProfile } from '../api/profile-api';
import { placeServerError } from '../lib/server-error';

interface EditProfileModalProps {
  open: boolean;
  onClose: () => void;
  user: OwnUser;
}

/**
 * Username, language, the Telegram contact the apply form starts from, and an avatar from /misc/avatars
 * (docs/product.md §2); empty username = unchanged, empty contact = none (§5).
 */
export function EditProfileModal({ open, onClose, user }: EditProfileModalProps) {
  const { t } = useTranslation('profile');
  return (
    <Modal open={open} onClose={onClose} title={t('edit.title')}>
      <EditProfileForm user={user} onClose={onClose} />
    </Modal>
  );
}

/**
 * The form starts from the account as it is when the dialog opens (the modal mounts it then), so a
 * refresh of the signed-in user while the dialog is open never wipes what is being typed.
 */
function EditProfileForm({ onClose, user }: Omit<EditProfileModalProps, 'open'>) {
  const { t } = useTranslation(['profile', 'forms', 'errors', 'common']);
  const setUser = useAuthStore((state) => state.setUser);
  const [username, setUsername] = useState(user.username ?? '');
  const [language, setLanguage] = useState<Language>(user.language);
  const [photo, setPhoto] = useState<string | null>(user.photo_url);
  const [telegram, setTelegram] = useState(user.telegramId ?? '');
  const [telegramError, setTelegramError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const avatarList = useResource(fetchAvatars, []);
  // null while the list loads; a list that failed offers none.
  const avatars = avatarList.error ? [] : (avatarList.data ?? null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = username.trim();
    const problem = trimmed ? usernameError(trimmed) : null;
    const contactProblem = schemaErrorText(profileTelegramIdSchema, telegram);
    setError(problem ? t(`forms:${problem}`) : null);
    setTelegramError(contactProblem);
    if (problem || contactProblem) return;
    setSaving(true);
    try {
      const answer = await updateProfile({
        username: trimmed || undefined,
        language,
        photo_url: photo,
        telegramId: telegram.trim() || null,
      });
      setUser(answer.data);
      await changeLanguage(answer.data.language);
      // In the language just applied: `t` is bound to the one this screen rendered in.
      toast.success(i18n.t('profile:edit.saved'));
      onClose();
    } catch (failure) {
      const { field, fieldError, formError } = placeServerError(
        failure,
        ['username', 'telegramId'],
        t('errors:profile.updateFailed'),
      );
      if (field === 'telegramId') setTelegramError(fieldError);
      else if (fieldError) setError(fieldError);
      else setFormError(formError);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="stack" onSubmit={submit} noValidate>
      {formError && <Alert tone="danger">{formError}</Alert>}
      <TextField
        label={t('edit.username')}
        name="username"
        autoComplete="username"
        value={username}
        onChange={(event) => {
          setUsername(event.target.value);
          setError(null);
        }}
        error={error}
      />
      <TextField
        label={t('edit.telegram')}
        name="telegramId"
        autoComplete="off"
        placeholder={t('forms:apply.contactPlaceholder')}
        hint={t('edit.telegramHint')}
        value={telegram}
        onChange={(event) => {
          setTelegram(event.target.value);
          setTelegramError(null);
        }}
        error={telegramError}
      />
      <SelectField
        label={t('edit.language')}
        name="language"
        value={language}
        options={LANGUAGES.map((code) => ({ value: code, label: t(`common:language.names.${code}`) }))}
        onChange={(event) => setLanguage(event.target.value as Language)}
      />
      <fieldset className="avatar-picker">
        <legend className="field__label">{t('edit.avatar')}</legend>
        {avatars === null ? (
          <Spinner label={t('common:status.loading')} />
        ) : (
          <div className="avatar-picker__grid">
            {avatars.map((url, index) => (
              <label key={url} className="avatar-picker__option">
                <input
                  type="radio"
                  name="avatar"
                  value={url}
                  checked={photo === url}
                  onChange={() => setPhoto(url)}
                  className="visually-hidden"
                />
                <img
                  src={url}
                  alt={t('edit.avatarOption', { number: index + 1 })}
                  width={56}
                  height={56}
                  loading="lazy"
                />
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <div className="modal__footer">
        <Button variant="secondary" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" loading={saving}>
          {t('common:actions.save')}
        </Button>
      </div>
    </form>
  );
}
