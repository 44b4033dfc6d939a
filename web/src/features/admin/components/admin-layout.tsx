import { ADMIN_DRAWER_BREAKPOINT_PX } from '@shared/constants';
import { CloseIcon } from '@web/components/ui/icons';
import { useModalDialog } from '@web/components/ui/modal';
import { useTranslation } from '@web/lib/i18n';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useMediaQuery } from '../hooks/use-media-query';
import { StaffAttention } from '../live/staff-attention';
import { AdminNav } from './admin-nav';
import { useStaff } from './staff-context';

const WIDE_QUERY = `(min-width: ${ADMIN_DRAWER_BREAKPOINT_PX}px)`;

/**
 * The admin frame: a sidebar from 1024 px, below that a menu button opening the same links in a
 * modal drawer (native <dialog>: focus stays inside, Escape closes it, focus returns to the button).
 * The live mark and the attention switches sit under the links, or under the menu button.
 */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const staff = useStaff();
  const wide = useMediaQuery(WIDE_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawer = useModalDialog(drawerOpen);
  const { pathname } = useLocation();

  useEffect(() => {
    if (wide) setDrawerOpen(false);
  }, [wide]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the drawer.
  useEffect(() => {
    setDrawerOpen(false);
  }, [pathname]);

  return (
    <div className="admin">
      <aside className="admin__sidebar" aria-label={t('nav.sidebar')}>
        <p className="admin__role">
          <span className="muted">{t('nav.signedInAs')}</span> <strong>{t(`roles.${staff.role}`)}</strong>
        </p>
        <AdminNav />
        {wide && <StaffAttention />}
      </aside>
      <div className="admin__main">
        <div className="admin__topbar">
          <button
            type="button"
            className="btn btn--secondary btn--sm admin__menu-button"
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <span className="admin__burger" aria-hidden="true" />
            {t('nav.menu')}
          </button>
          <span className="admin__topbar-role muted">{t(`roles.${staff.role}`)}</span>
        </div>
        {!wide && <StaffAttention />}
        <Outlet />
      </div>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape is the dialog's own cancel. */}
      <dialog
        ref={drawer}
        className="admin-drawer"
        aria-label={t('nav.sidebar')}
        onCancel={(event) => {
          event.preventDefault();
          setDrawerOpen(false);
        }}
        onClick={(event) => {
          if (event.target === drawer.current) setDrawerOpen(false);
        }}
      >
        {drawerOpen && (
          <div className="admin-drawer__panel">
            <div className="admin-drawer__header">
              <strong>{t('nav.title')}</strong>
              <button
                type="button"
                className="toast__close"
                aria-label={t('nav.closeMenu')}
                onClick={() => setDrawerOpen(false)}
              >
                <CloseIcon />
              </button>
            </div>
            <AdminNav onNavigate={() => setDrawerOpen(false)} />
          </div>
        )}
      </dialog>
    </div>
  );
}
