import type { SetupStep } from '@shared/contract/admin';
import { hasRoleAtLeast } from '@shared/enums';
import { adminSetupChecklist } from '@shared/routes/dashboard';
import { Badge } from '@web/components/ui/badge';
import { useTranslation } from '@web/lib/i18n';
import { useResource } from '@web/lib/use-resource';
import { Link } from 'react-router-dom';
import { adminApi } from '../api/admin-api';
import { useStaff } from '../components/staff-context';
import { type AdminPageId, adminHref } from '../lib/admin-paths';

/** Where each step is done. */
const STEP_PAGES: Record<SetupStep, AdminPageId> = {
  reserves: 'reserves',
  publish: 'rates',
  hours: 'geo',
  notifyEmail: 'settings',
  staffMfa: 'security',
};

/**
 * The first-run checklist: what a fresh install still needs before it takes real
 * deals, each linking to where it is done. An ADMIN's (the route's access): a MANAGER's dashboard
 * neither calls nor shows it, and it goes away once every step is done.
 */
export function SetupChecklist() {
  const staff = useStaff();
  if (!hasRoleAtLeast(staff.role, adminSetupChecklist.access)) return null;
  return <Checklist />;
}

function Checklist() {
  const { t } = useTranslation('admin');
  const checklist = useResource((signal) => adminApi.setupChecklist(signal), []);
  const steps = checklist.data?.steps;
  if (!steps || steps.every((step) => step.done)) return null;
  return (
    <section className="card dashboard__panel setup-checklist" aria-labelledby="setup-title">
      <h2 id="setup-title" className="panel-title">
        {t('dashboard.setup.title')}
      </h2>
      <p className="muted">{t('dashboard.setup.lead')}</p>
      <ol className="setup-checklist__steps">
        {steps.map((step) => (
          <li key={step.step} className={`setup-checklist__step${step.done ? ' is-done' : ''}`}>
            <Badge tone={step.done ? 'success' : 'warning'}>
              {t(step.done ? 'dashboard.setup.done' : 'dashboard.setup.todo')}
            </Badge>
            <Link to={adminHref(STEP_PAGES[step.step])}>{t(`dashboard.setup.steps.${step.step}`)}</Link>
            {step.count && (
              <span className="muted">
                {t('dashboard.setup.count', { done: step.count.done, of: step.count.of })}
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
