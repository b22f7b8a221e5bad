import { create } from "zustand";

export type ToastVariant = "default" | "success" | "destructive";

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** One button beside the text, e.g. Undo; the toast stays longer so there is time to press it. */
  action?: { label: string; onAction: () => void };
  /** How long it stays, when it must match something (an undo window); else the toaster's default. */
  duration?: number;
};

export type ToastItem = ToastInput & {
  id: string;
  /** False while the exit animation runs; the item is dropped shortly after. */
  open: boolean;
};

type ToastState = {
  toasts: ToastItem[];
  add: (input: ToastInput) => string;
  dismiss: (id: string) => void;
  remove: (id: string) => void;
};

// More than this at once is noise; the oldest make way.
const maxToasts = 3;
// A dismissed item lingers a moment (the toaster animates it out), then leaves the list.
const removeDelayMs = 1_000;

let nextId = 0;

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  add: (input) => {
    nextId += 1;
    const id = `toast-${nextId}`;
    set((state) => ({ toasts: [...state.toasts, { ...input, id, open: true }].slice(-maxToasts) }));
    return id;
  },
  dismiss: (id) => {
    set((state) => ({ toasts: state.toasts.map((t) => (t.id === id ? { ...t, open: false } : t)) }));
    setTimeout(() => get().remove(id), removeDelayMs);
  },
  remove: (id) => {
    set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }));
  },
}));

/** Raises a toast from anywhere (event handlers, mutation callbacks); returns its id. */
export function toast(input: ToastInput): string {
  return useToastStore.getState().add(input);
}

/** Closes a toast early, e.g. when the thing it reported on is resolved. */
export function dismissToast(id: string): void {
  useToastStore.getState().dismiss(id);
}
