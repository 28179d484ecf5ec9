import { useSyncExternalStore } from 'react';

// Notices with a title and a text (SPEC §8). One at a time: a new notice replaces the
// current one (SPEC §9). Callable from anywhere, including outside React.

export type ToastTone = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  title: string;
  text: string;
  tone: ToastTone;
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
  current = { id: nextId++, title, text, tone };
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
