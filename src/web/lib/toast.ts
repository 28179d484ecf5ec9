import { useSyncExternalStore } from 'react';

// Notices with a title and a text (SPEC §8). One at a time: a new notice replaces the
// current one (SPEC §9). Callable from anywhere, including outside React. The notice
// remembers where the control that raised it was, so the toaster can stay clear of it.

export type ToastTone = 'info' | 'success' | 'error';

/** Where on the screen the control that raised a notice was, in px. */
export interface ToastOrigin {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface Toast {
  id: number;
  title: string;
  /** As the caller gave it; the toaster shows it without the title it repeats (toast-words.ts). */
  text: string;
  tone: ToastTone;
  origin: ToastOrigin | null;
}

export const TOAST_DURATION_MS = 5000;

let current: Toast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function dismissToast() {
  clearTimeout(timer);
  current = null;
  emit();
}

/** The focused control's place on the screen, when a control has focus. */
function focusedOrigin(): ToastOrigin | null {
  if (typeof document === 'undefined') return null;
  const element = document.activeElement;
  if (!element || element === document.body || element === document.documentElement) return null;
  const { top, bottom, left, right, height } = element.getBoundingClientRect();
  return height > 0 ? { top, bottom, left, right } : null;
}

export function toast({
  title,
  text,
  tone = 'info',
}: {
  title: string;
  text: string;
  tone?: ToastTone;
}) {
  clearTimeout(timer);
  current = { id: nextId++, title, text, tone, origin: focusedOrigin() };
  timer = setTimeout(dismissToast, TOAST_DURATION_MS);
  emit();
}

export function subscribeToasts(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const getToast = (): Toast | null => current;

export function useToast(): Toast | null {
  return useSyncExternalStore(subscribeToasts, getToast, () => null);
}
