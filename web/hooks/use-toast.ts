import * as React from "react";
import type { ToastActionElement, ToastProps } from "@/components/ui/toast";

// Spec section 9: one toast visible at a time; a dismissed toast leaves the DOM after
// 1,000,000 ms (its exit animation and screen-reader announcement finish long before).
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1_000_000;

export type ToasterToast = ToastProps & {
  id: string;
  /** When it was shown (Date.now()): a toast belongs to the page it was shown on. */
  shownAt?: number;
  title?: React.ReactNode;
  description?: React.ReactNode;
  action?: ToastActionElement;
};

type Action =
  | { type: "ADD"; toast: ToasterToast }
  | { type: "UPDATE"; toast: Partial<ToasterToast> & { id: string } }
  | { type: "DISMISS"; toastId?: string }
  | { type: "DISMISS_SHOWN_BEFORE"; time: number }
  | { type: "REMOVE"; toastId?: string };

interface State {
  toasts: ToasterToast[];
}

let count = 0;
const nextId = () => {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return String(count);
};

const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(toastId: string) {
  if (removeTimeouts.has(toastId)) return;
  const timeout = setTimeout(() => {
    removeTimeouts.delete(toastId);
    dispatch({ type: "REMOVE", toastId });
  }, TOAST_REMOVE_DELAY);
  removeTimeouts.set(toastId, timeout);
}

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case "ADD":
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case "UPDATE":
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case "DISMISS": {
      const { toastId } = action;
      for (const t of state.toasts) if (!toastId || t.id === toastId) scheduleRemoval(t.id);
      return {
        toasts: state.toasts.map((t) => (!toastId || t.id === toastId ? { ...t, open: false } : t)),
      };
    }
    case "DISMISS_SHOWN_BEFORE": {
      const old = (t: ToasterToast) => t.open !== false && (t.shownAt ?? 0) < action.time;
      for (const t of state.toasts) if (old(t)) scheduleRemoval(t.id);
      return { toasts: state.toasts.map((t) => (old(t) ? { ...t, open: false } : t)) };
    }
    case "REMOVE":
      return { toasts: action.toastId ? state.toasts.filter((t) => t.id !== action.toastId) : [] };
  }
}

const listeners = new Set<() => void>();
let memoryState: State = { toasts: [] };

function dispatch(action: Action) {
  memoryState = reducer(memoryState, action);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => memoryState;

export type ToastInput = Omit<ToasterToast, "id">;

/** Shows a toast; the newest replaces whatever was showing. */
export function toast(props: ToastInput) {
  const id = nextId();
  const dismiss = () => dispatch({ type: "DISMISS", toastId: id });
  dispatch({
    type: "ADD",
    toast: {
      ...props,
      id,
      shownAt: Date.now(),
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });
  return { id, dismiss };
}

/**
 * Dismisses the toasts shown before `time`. On a move to another page the toaster calls it with
 * the time of the reader's last input: a toast shown after it came from what that input did
 * ("Welcome back!" before going home) and goes along; an older one belongs to the page left.
 */
export function dismissToastsShownBefore(time: number) {
  dispatch({ type: "DISMISS_SHOWN_BEFORE", time });
}

/**
 * The toasts on screen. Read through useSyncExternalStore: the toaster mounts late (once idle,
 * or for the first toast), and a toast shown between its first render and its subscription
 * must still appear.
 */
export function useToast() {
  const state = React.useSyncExternalStore(subscribe, snapshot, snapshot);
  return { ...state, toast, dismiss: (toastId?: string) => dispatch({ type: "DISMISS", toastId }) };
}
