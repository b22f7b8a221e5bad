"use client";

import { useTheme } from "next-themes";
import { useEffect, useRef, type CSSProperties } from "react";
import { Toaster as Sonner, toast as sonner } from "sonner";

import { useToastStore, type ToastItem } from "@/lib/client/stores/toasts";

/**
 * Renders the toasts raised with `toast()` (lib/client/stores/toasts) with sonner; mounted by
 * ./toaster at the first toast. Sonner rather than radix's Toast: a radix toast is a dismissable
 * layer, so one that appears while a picker or menu is open takes the next Escape for itself —
 * the person closes the picker and loses the Undo instead. Sonner's toasts hear Escape only
 * when focused. Bottom left: the reply box's Send is bottom right, and a send's Undo toast
 * there would cover it for the whole undo window.
 */
export function SonnerToaster() {
  const { resolvedTheme } = useTheme();
  const toasts = useToastStore((state) => state.toasts);
  const remove = useToastStore((state) => state.remove);
  const shown = useRef(new Set<string>());

  useEffect(() => {
    const open = new Set(toasts.filter((t) => t.open).map((t) => t.id));
    for (const item of toasts) {
      if (!item.open || shown.current.has(item.id)) continue;
      shown.current.add(item.id);
      show(item, () => remove(item.id));
    }
    // Dismissed, or pushed out by newer ones (the store keeps a few).
    for (const id of shown.current) {
      if (open.has(id)) continue;
      shown.current.delete(id);
      sonner.dismiss(id);
    }
  }, [toasts, remove]);

  return (
    <Sonner
      theme={resolvedTheme === "dark" ? "dark" : "light"}
      position="bottom-left"
      expand
      visibleToasts={3}
      closeButton
      duration={5_000}
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
        } as CSSProperties
      }
      toastOptions={{
        closeButtonAriaLabel: "Dismiss notification",
        classNames: {
          toast: "font-sans",
          description: "text-muted-foreground!",
          error: "bg-destructive! text-destructive-foreground! border-destructive! [&_[data-description]]:text-current!",
          icon: "text-primary",
        },
      }}
    />
  );
}

function show({ id, title, description, variant = "default", action, duration }: ToastItem, gone: () => void): void {
  const options = {
    id,
    description,
    // The button needs time to be pressed.
    duration: duration ?? (action ? 10_000 : undefined),
    action: action ? { label: action.label, onClick: action.onAction } : undefined,
    onDismiss: gone,
    onAutoClose: gone,
  };
  if (variant === "success") sonner.success(title, options);
  else if (variant === "destructive") sonner.error(title, options);
  else sonner(title, options);
}
