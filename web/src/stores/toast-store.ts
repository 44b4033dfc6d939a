import { create } from 'zustand';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '../config/entry-values';

/**
 * Toasts (docs/product.md §4, §9): at most 20 kept; errors, blank and custom toasts last 4000 ms, success
 * 2000 ms, loading until dismissed. A custom toast may carry actions (the cancel confirmation).
 */
export type ToastType = keyof typeof TOAST_DURATION_MS;

export interface ToastAction {
  label: string;
  onClick: () => void;
  tone?: 'primary' | 'secondary' | 'danger';
}

export interface Toast {
  id: string;
  type: ToastType;
  message: string;
  duration: number;
  actions?: ToastAction[];
}

export interface ToastOptions {
  id?: string;
  duration?: number;
  actions?: ToastAction[];
}

interface ToastState {
  toasts: Toast[];
  show: (type: ToastType, message: string, options?: ToastOptions) => string;
  dismiss: (id: string) => void;
  clear: () => void;
}

const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function stopTimer(id: string) {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show(type, message, options = {}) {
    counter += 1;
    const id = options.id ?? `toast-${counter}`;
    const duration = options.duration ?? TOAST_DURATION_MS[type];
    const toast: Toast = {
      id,
      type,
      message,
      duration,
      ...(options.actions ? { actions: options.actions } : {}),
    };
    stopTimer(id);
    const others = get().toasts.filter((existing) => existing.id !== id);
    const kept = [...others, toast].slice(-TOAST_LIMIT);
    for (const dropped of others) if (!kept.includes(dropped)) stopTimer(dropped.id);
    set({ toasts: kept });
    if (Number.isFinite(duration))
      timers.set(
        id,
        setTimeout(() => get().dismiss(id), duration),
      );
    return id;
  },
  dismiss(id) {
    stopTimer(id);
    set({ toasts: get().toasts.filter((toast) => toast.id !== id) });
  },
  clear() {
    for (const id of timers.keys()) stopTimer(id);
    set({ toasts: [] });
  },
}));

/** Shorthands in the style of common toast libraries. */
const show =
  (type: ToastType) =>
  (message: string, options?: ToastOptions): string =>
    useToastStore.getState().show(type, message, options);

export const toast = {
  success: show('success'),
  error: show('error'),
  blank: show('blank'),
  loading: show('loading'),
  custom: show('custom'),
  dismiss: (id: string) => useToastStore.getState().dismiss(id),
};
