import type { StaffInvitationView } from '@shared/contract/staff-invitations';
import { LANGUAGES, type Language, type StaffRole } from '@shared/enums';
import { invitableRoles } from '@shared/permissions';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { SelectField, TextField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { useTranslation } from '@web/lib/i18n';
import { fieldErrorTexts, refusalText } from '@web/lib/refusal-text';
import { type FormEvent, useState } from 'react';
import { adminApi } from '../api/admin-api';
import { useStaff } from '../components/staff-context';
import { notify } from '../lib/notify';

interface InviteStaffModalProps {
  onClose: () => void;
  onInvited: (invitation: StaffInvitationView) => void;
}

type FieldName = 'email' | 'role' | 'language';

/**
 * "Invite staff" (docs/product.md "Staff by invitation"): an address, a role the staff member may
 * grant (shared/permissions.ts: an ADMIN invites MANAGERs, a SUPER_ADMIN any staff role) and the
 * language of the mail and the account. The link is mailed; it works once, for 48 hours.
 */
export function InviteStaffModal({ onClose, onInvited }: InviteStaffModalProps) {
  const { t, language: uiLanguage } = useTranslation('admin');
  const staff = useStaff();
  const roles = invitableRoles(staff) as StaffRole[];
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>(roles[0] ?? 'MANAGER');
  const [language, setLanguage] = useState<Language>(uiLanguage);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setErrors({ email: t('invitations.emailRequired') });
      return;
    }
    setSaving(true);
    setGeneral(null);
    try {
      const invitation = await adminApi.inviteStaff({ email: email.trim(), role, language });
      notify.success(t('invitations.sent', { email: invitation.email }));
      onInvited(invitation);
    } catch (error) {
      const fields = fieldErrorTexts(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setGeneral(refusalText(error, t('common.updateFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={t('invitations.inviteTitle')} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <p className="muted">{t('invitations.inviteLead')}</p>
        {general && <Alert tone="danger">{general}</Alert>}
        <TextField
          label={t('invitations.email')}
          type="email"
          value={email}
          error={errors.email}
          autoComplete="off"
          onChange={(event) => {
            setEmail(event.target.value);
            setErrors((current) => ({ ...current, email: undefined }));
          }}
        />
        <SelectField
          label={t('invitations.role')}
          value={role}
          error={errors.role}
          options={roles.map((value) => ({ value, label: t(`roles.${value}`) }))}
          onChange={(event) => setRole(event.target.value as StaffRole)}
        />
        <SelectField
          label={t('invitations.language')}
          value={language}
          error={errors.language}
          options={LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
          onChange={(event) => setLanguage(event.target.value as Language)}
        />
        <div className="modal__footer">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('invitations.send')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
