import { ADMIN_APPLICATION_ID_DISPLAY_LENGTH } from '@shared/constants';
import { shortId } from '@shared/ids';
import { useTranslation } from '@web/lib/i18n';
import { LiveIndicator } from '@web/lib/live/live-indicator';
import { type LiveNoticeEvent, useLiveNotices } from '@web/lib/live/use-live-notices';
import { useAuthStore } from '@web/stores/auth-store';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { adminApi } from '../api/admin-api';
import { useStaff } from '../components/staff-context';
import { adminHref } from '../lib/admin-paths';
import { knownAssignee } from './admin-live';
import {
  ATTENTION_NOTICES,
  type AttentionNotice,
  type AttentionSettings,
  askNotifications,
  canNotify,
  isLooking,
  messageConcerns,
  notifyBrowser,
  playTone,
  readAttentionSettings,
  titleWithCount,
  unlockAudio,
  writeAttentionSettings,
} from './attention';
import { ShiftToggle } from './shift-toggle';

/**
 * The admin frame's live mark, the staff member's shift and their attention switches: a
 * tone and a browser notification (asked for on the switch) for a new application, a client's
 * "I have paid", USDT seen on chain or a payout's hash not matching (chain events), and a new
 * message on an application assigned to them or to no one. The switches
 * are kept per browser. While they do not look at the page, each of those counts in the tab's
 * title (`(3) …`) until they look again. A notice of the application open in front of them while
 * they look (their own message, say) asks for nothing; off shift, none does (the lists still
 * update).
 */
export function StaffAttention() {
  const { t } = useTranslation('admin');
  const staff = useStaff();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [settings, setSettings] = useState(readAttentionSettings);
  const [blocked, setBlocked] = useState<'denied' | 'unsupported' | null>(null);
  const unread = useUnreadCount();
  const id = useId();
  const onShift = useAuthStore((state) => state.user?.onShiftSince != null);

  const current = useRef({ settings, onShift, staffId: staff.id, openId: '', t, navigate });
  current.current = {
    settings,
    onShift,
    staffId: staff.id,
    openId: new URLSearchParams(search).get('open_id') ?? '',
    t,
    navigate,
  };

  const liveState = useLiveNotices({ types: ATTENTION_NOTICES }, (notice) => {
    if (!current.current.onShift) return;
    void concerns(notice, current.current.staffId).then((wanted) => {
      const { settings: now, openId, t: text, navigate: go } = current.current;
      // Off shift since the notice came (its application was being read): nothing either.
      if (!wanted || !current.current.onShift) return;
      const looking = isLooking();
      if (looking && openId === notice.id) return;
      if (!looking) unread.add();
      if (now.sound) playTone();
      if (now.notify && !looking && canNotify()) {
        const label = shortId(notice.id, ADMIN_APPLICATION_ID_DISPLAY_LENGTH);
        // A transfer that pays no application is opened on the review list.
        const stray = notice.type === 'chain.transfer';
        notifyBrowser(
          text(`attention.notice.${kindOf(notice.type as AttentionNotice)}`, { id: label }),
          text(stray ? 'attention.notice.chainTransferBody' : 'attention.notice.body'),
          `${notice.type}:${notice.id}`,
          () => go(stray ? adminHref('payments') : adminHref('applications', { open_id: notice.id })),
        );
      }
    });
  });

  const change = (next: AttentionSettings) => {
    setSettings(next);
    writeAttentionSettings(next);
  };

  const switchSound = (on: boolean) => {
    if (on) {
      // The click lets the browser play later; the tone now says what it will sound like.
      unlockAudio();
      playTone();
    }
    change({ ...settings, sound: on });
  };

  const switchNotify = async (on: boolean) => {
    if (!on) {
      change({ ...settings, notify: false });
      return;
    }
    const answer = await askNotifications();
    setBlocked(answer === 'granted' ? null : answer);
    change({ ...settings, notify: answer === 'granted' });
  };

  return (
    <fieldset className="staff-attention">
      <legend className="visually-hidden">{t('attention.legend')}</legend>
      <LiveIndicator state={liveState} />
      <ShiftToggle />
      <label className="staff-attention__switch" htmlFor={`${id}-sound`}>
        <input
          id={`${id}-sound`}
          type="checkbox"
          checked={settings.sound}
          onChange={(event) => switchSound(event.target.checked)}
        />
        {t('attention.sound')}
      </label>
      <label className="staff-attention__switch" htmlFor={`${id}-notify`}>
        <input
          id={`${id}-notify`}
          type="checkbox"
          checked={settings.notify}
          onChange={(event) => void switchNotify(event.target.checked)}
        />
        {t('attention.notify')}
      </label>
      {!onShift && <p className="staff-attention__note muted">{t('attention.offShift')}</p>}
      {blocked && (
        <p className="staff-attention__blocked muted" role="alert">
          {t(`attention.${blocked}`)}
        </p>
      )}
    </fieldset>
  );
}

const KINDS = {
  'application.created': 'created',
  'application.paid': 'paid',
  'message.created': 'message',
  'chain.application': 'chain',
  'chain.transfer': 'chainTransfer',
} as const satisfies Record<AttentionNotice, string>;

const kindOf = (type: AttentionNotice) => KINDS[type];

/** Whether a notice asks this staff member's attention; a message's application is read when its assignee is not known here. */
async function concerns(notice: LiveNoticeEvent, staffId: string): Promise<boolean> {
  if (notice.type !== 'message.created') return true;
  let assignee = knownAssignee(notice.id);
  if (assignee === undefined) {
    try {
      assignee = (await adminApi.application(notice.id)).assignedToId;
    } catch {
      // Unknown: better one alert too many than a client's message missed.
      return true;
    }
  }
  return messageConcerns(assignee, staffId);
}

/**
 * The count of alerts since the staff member last looked at the page, in the tab's title; set
 * back to 0 (and the title to its own) when they look again: the window focused, the tab shown.
 */
function useUnreadCount() {
  const [count, setCount] = useState(0);
  useEffect(() => {
    document.title = titleWithCount(document.title, count);
  }, [count]);
  useEffect(() => {
    const seen = () => {
      if (isLooking()) setCount(0);
    };
    window.addEventListener('focus', seen);
    document.addEventListener('visibilitychange', seen);
    return () => {
      window.removeEventListener('focus', seen);
      document.removeEventListener('visibilitychange', seen);
      document.title = titleWithCount(document.title, 0);
    };
  }, []);
  return { count, add: () => setCount((value) => value + 1) };
}
