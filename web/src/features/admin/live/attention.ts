import type { LiveNoticeType } from '@shared/contract/live';

/**
 * Staff attention, so a new application, payment, USDT on chain or message is noticed without watching the page:
 * the switches (kept per browser), the tone, the browser notification and the unread count in the
 * tab's title.
 */

/** The notices that ask for a staff member's attention: the chain's events among them (USDT arrived, a payout not borne out). */
export const ATTENTION_NOTICES = [
  'application.created',
  'application.paid',
  'message.created',
  'chain.application',
  'chain.transfer',
] as const satisfies readonly LiveNoticeType[];
export type AttentionNotice = (typeof ATTENTION_NOTICES)[number];

export interface AttentionSettings {
  sound: boolean;
  notify: boolean;
}

export const ATTENTION_STORAGE_KEY = 'staff-attention';
const OFF: AttentionSettings = { sound: false, notify: false };

export function readAttentionSettings(): AttentionSettings {
  try {
    const stored = JSON.parse(localStorage.getItem(ATTENTION_STORAGE_KEY) ?? 'null') as unknown;
    if (!stored || typeof stored !== 'object') return OFF;
    const { sound, notify } = stored as Partial<AttentionSettings>;
    return { sound: sound === true, notify: notify === true };
  } catch {
    return OFF;
  }
}

export function writeAttentionSettings(settings: AttentionSettings): void {
  try {
    localStorage.setItem(ATTENTION_STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Storage refused (private mode, quota): the switch holds for this page only.
  }
}

/** Whether the staff member is looking at the page: the tab shown and the window focused. */
export function isLooking(): boolean {
  return document.visibilityState === 'visible' && document.hasFocus();
}

/**
 * Whether a new message on an application asks this staff member's attention: it is assigned to
 * them or to no one. `assignee` is the assignee's id as loaded (null: unassigned).
 */
export function messageConcerns(assignee: string | null, staffId: string): boolean {
  return assignee === null || assignee === staffId;
}

const UNREAD_PREFIX = /^\(\d+\) /;

/** The tab's title with the unread count before it (`(3) …`), or without one for 0. */
export function titleWithCount(title: string, count: number): string {
  const bare = title.replace(UNREAD_PREFIX, '');
  return count > 0 ? `(${count}) ${bare}` : bare;
}

type AudioContextClass = typeof AudioContext;
let audio: AudioContext | null = null;

function audioContext(): AudioContext | null {
  const Context =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ??
        (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext);
  if (!Context) return null;
  audio ??= new Context();
  // Created without a user's gesture, a context starts suspended; a later gesture resumes it.
  if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
  return audio;
}

/** Called from a click (the sound switch): lets the browser play the tone later without one. */
export function unlockAudio(): void {
  audioContext();
}

/** A short two-note chime made with the Web Audio API (no file to ship), about 0.4 s. */
export function playTone(): void {
  const context = audioContext();
  if (!context) return;
  const start = context.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.14, 1320],
  ] as const) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    const at = start + offset;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.25);
    oscillator.connect(gain);
    gain.connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.26);
  }
}

export type NotificationAsk = 'granted' | 'denied' | 'unsupported';

/** Asks the browser for notifications (on the switch's click). */
export async function askNotifications(): Promise<NotificationAsk> {
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission === 'granted') return 'granted';
  if (Notification.permission === 'denied') return 'denied';
  try {
    return (await Notification.requestPermission()) === 'granted' ? 'granted' : 'denied';
  } catch {
    return 'denied';
  }
}

export function canNotify(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'granted';
}

/**
 * Shows a browser notification; a click focuses the tab and calls `onOpen`. Where pages cannot
 * construct one (Chrome on Android wants a service worker's), nothing is shown: the tone and the
 * title's count still are.
 */
export function notifyBrowser(title: string, body: string, tag: string, onOpen: () => void): void {
  try {
    const shown = new Notification(title, { body, tag });
    shown.onclick = () => {
      window.focus();
      onOpen();
      shown.close();
    };
  } catch {
    // No notification here.
  }
}
