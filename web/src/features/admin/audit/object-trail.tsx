import { mayCall } from '@shared/admin-sections';
import type { AuditTarget } from '@shared/contract/audit';
import { adminAuditTrail } from '@shared/routes/audit';
import { useTranslation } from '@web/lib/i18n';
import { useResource } from '@web/lib/use-resource';
import { Link } from 'react-router-dom';
import { Loaded } from '../components/load-state';
import { ModalSection } from '../components/modal-section';
import { useStaff } from '../components/staff-context';
import { adminHref } from '../lib/admin-paths';
import { auditApi } from './audit-api';
import { AuditTable } from './audit-table';

/** How many of an object's newest entries its own view shows; the audit page pages through the rest. */
const SHOWN = 20;

/**
 * An object's own trail (a deal's, an account's) where the object is shown: its newest entries and
 * a link to all of them on the audit page. Only for the roles the audit trail is open to.
 */
export function ObjectTrail({ type, id }: { type: AuditTarget; id: string }) {
  const staff = useStaff();
  if (!mayCall(staff.role, adminAuditTrail)) return null;
  return <ObjectTrailSection type={type} id={id} />;
}

function ObjectTrailSection({ type, id }: { type: AuditTarget; id: string }) {
  const { t } = useTranslation('admin');
  const trail = useResource(
    (signal) => auditApi.trail({ targetType: type, targetId: id, limit: SHOWN }, signal),
    [type, id],
  );
  const titleId = `audit-trail-${type}`;
  return (
    <ModalSection id={titleId} title={t('audit.objectTitle')}>
      <Loaded resource={trail} errorTitle={t('audit.loadError')}>
        {(data) => (
          <>
            <AuditTable
              items={data.items}
              timeZone={data.timeZone}
              busy={trail.loading}
              caption={t('audit.objectTitle')}
              showTarget={false}
            />
            {data.nextCursor && (
              <p>
                <Link to={adminHref('audit', { targetType: type, targetId: id })}>{t('audit.openAll')}</Link>
              </p>
            )}
          </>
        )}
      </Loaded>
    </ModalSection>
  );
}
