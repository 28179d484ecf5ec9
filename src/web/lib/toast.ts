import { useSyncExternalStore } from 'react';

// Notices with a title and a text (SPEC §8). One at a time: a new notice replaces the
// current one (SPEC §9). Callable from anywhere, including outside React. The text never
// says the title again, and the notice remembers where the control that raised it was,
// so the toaster can stay clear of it.

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
  /** May be empty when the title said it all. */
  text: string;
  /**
   * The text already says the title ("Created" over "Schedule created."): the toaster
   * shows the text alone, the title kept for screen readers only.
   */
  titleInText: boolean;
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

const fold = (value: string) =>
  value
    .trim()
    .replace(/[.!]+$/, '')
    .toLowerCase();

/**
 * The text without the title it repeats: "Test failed" over "Test failed: no answer"
 * reads "No answer"; a text that is only the title is dropped.
 */
export function bodyBesideTitle(title: string, text: string): string {
  const body = text.trim();
  if (fold(body) === fold(title)) return '';
  const head = title.trim().replace(/[.!]+$/, '');
  if (!head || body.slice(0, head.length).toLowerCase() !== head.toLowerCase()) return body;
  const rest = body.slice(head.length);
  const separator = /^\s*[:.,;!—–-]+\s*/.exec(rest);
  if (!separator) return body;
  const after = rest.slice(separator[0].length);
  return after ? after.charAt(0).toUpperCase() + after.slice(1) : '';
}

const words = (value: string) => value.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Whether every word of the title is a word of the text. */
export function titleSaidInText(title: string, text: string): boolean {
  const said = new Set(words(text));
  const needed = words(title);
  return needed.length > 0 && needed.every((word) => said.has(word));
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
  const body = bodyBesideTitle(title, text);
  current = {
    id: nextId++,
    title,
    text: body,
    titleInText: titleSaidInText(title, body),
    tone,
    origin: focusedOrigin(),
  };
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
