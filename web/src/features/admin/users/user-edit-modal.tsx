import type { AdminUserUpdateBody } from '@shared/contract/admin-users';
import type { PublicUser } from '@shared/contract/users';
import { LANGUAGES, type Language, type Role } from '@shared/enums';
import { grantableRoles, mayDo } from '@shared/permissions';
import { FULL_SCOPE, type StaffScope, sameScope } from '@shared/staff-scope';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Checkbox, SelectField, TextAreaField, TextField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { useTranslation } from '@web/lib/i18n';
import { fieldErrorTexts, refusalText } from '@web/lib/refusal-text';
import { type FormEvent, useState } from 'react';
import { adminApi } from '../api/admin-api';
import { useStaff } from '../components/staff-context';
import { notify } from '../lib/notify';
import { ScopeFields, scopeIsComplete } from './scope-fields';

interface UserEditModalProps {
  user: PublicUser;
  onClose: () => void;
  onSaved: (user: PublicUser) => void;
}

interface Draft {
  email: string;
  username: string;
  role: Role;
  language: Language;
  adminComment: string;
  isActive: boolean;
  /** A MANAGER's rights (shown while the role is MANAGER). */
  scope: StaffScope;
}

type FieldName = Exclude<keyof Draft, 'scope'>;
const FIELDS: FieldName[] = ['email', 'username', 'role', 'language', 'adminComment', 'isActive'];

function draftOf(user: PublicUser): Draft {
  return {
    email: user.email,
    username: user.username ?? '',
    role: user.role,
    language: user.language,
    adminComment: user.adminComment ?? '',
    isActive: user.isActive,
    scope: user.scope ?? FULL_SCOPE,
  };
}

/**
 * Only what changed is sent, so an unchanged field never trips a rule; an empty username is null. A
 * MANAGER's rights go only with the role MANAGER (the server narrows nobody else).
 */
export function changedFields(initial: Draft, draft: Draft): AdminUserUpdateBody {
  const body: AdminUserUpdateBody = {};
  if (draft.email.trim() !== initial.email) body.email = draft.email.trim();
  if (draft.username.trim() !== initial.username) body.username = draft.username.trim() || null;
  if (draft.role !== initial.role) body.role = draft.role;
  if (draft.language !== initial.language) body.language = draft.language;
  if (draft.adminComment.trim() !== initial.adminComment)
    body.adminComment = draft.adminComment.trim() || null;
  if (draft.isActive !== initial.isActive) body.isActive = draft.isActive;
  if (draft.role === 'MANAGER' && !sameScope(draft.scope, initial.scope)) body.scope = draft.scope;
  return body;
}

/**
 * The edit modal (docs/product.md §2, §6): email, username, role (only roles the staff member may grant),
 * language, admin comment, active, and a MANAGER's rights (scope-fields.tsx). The server's field
 * errors appear under their fields.
 */
export function UserEditModal({ user, onClose, onSaved }: UserEditModalProps) {
  const { t } = useTranslation('admin');
  const staff = useStaff();
  const [initial] = useState(() => draftOf(user));
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const roles = grantableRoles(staff, user);
  const body = changedFields(initial, draft);
  const unchanged = Object.keys(body).length === 0;
  const scoped = draft.role === 'MANAGER';
  const complete = !scoped || scopeIsComplete(draft.scope);

  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (unchanged || !complete) return;
    setSaving(true);
    setGeneral(null);
    try {
      const answer = await adminApi.updateUser(user.id, body);
      notify.success(t('users.edit.saved'));
      onSaved(answer.data);
    } catch (error) {
      const fieldErrors = Object.fromEntries(
        Object.entries(fieldErrorTexts(error)).filter(([field]) => FIELDS.includes(field as FieldName)),
      ) as Partial<Record<FieldName, string>>;
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setGeneral(refusalText(error, t('common.updateFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={t('users.edit.title', { name: user.username ?? user.email })} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        {general && <Alert tone="danger">{general}</Alert>}
        <TextField
          label={t('users.edit.email')}
          type="email"
          value={draft.email}
          error={errors.email}
          autoComplete="off"
          onChange={(event) => set('email', event.target.value)}
        />
        <TextField
          label={t('users.edit.username')}
          value={draft.username}
          error={errors.username}
          hint={t('users.edit.usernameHint')}
          autoComplete="off"
          onChange={(event) => set('username', event.target.value)}
        />
        <SelectField
          label={t('users.edit.role')}
          value={draft.role}
          error={errors.role}
          options={(roles.includes(user.role) ? roles : [user.role, ...roles]).map((role) => ({
            value: role,
            label: t(`roles.${role}`),
          }))}
          disabled={roles.length <= 1}
          onChange={(event) => set('role', event.target.value as Role)}
        />
        <SelectField
          label={t('users.edit.language')}
          value={draft.language}
          error={errors.language}
          options={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
          onChange={(event) => set('language', event.target.value as Language)}
        />
        <TextAreaField
          label={t('users.edit.comment')}
          value={draft.adminComment}
          error={errors.adminComment}
          rows={3}
          onChange={(event) => set('adminComment', event.target.value)}
        />
        <Checkbox
          label={t('users.edit.active')}
          checked={draft.isActive}
          error={errors.isActive}
          disabled={user.isActive && !mayDo(staff, 'deactivate', user)}
          onChange={(event) => set('isActive', event.target.checked)}
        />
        {scoped && <ScopeFields value={draft.scope} onChange={(scope) => set('scope', scope)} />}
        <div className="modal__footer">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving} disabled={unchanged || !complete}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
