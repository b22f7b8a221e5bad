"use client";

import { CircleCheckIcon, CircleAlertIcon } from "lucide-react";

import { Toast, ToastAction, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "@/components/ui/toast";
import { useToastStore } from "@/lib/client/stores/toasts";

/** Renders the toasts raised with `toast()`; mounted once in the app's providers. */
export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);

  return (
    <ToastProvider swipeDirection="right" duration={5_000}>
      {toasts.map(({ id, title, description, variant = "default", open, action }) => (
        <Toast
          key={id}
          variant={variant}
          open={open}
          duration={action ? 10_000 : undefined}
          // Errors interrupt; everything else waits for a pause in what the screen reader is saying.
          type={variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(next) => {
            if (!next) dismiss(id);
          }}
        >
          {variant === "success" ? <CircleCheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden /> : null}
          {variant === "destructive" ? <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden /> : null}
          <div className="grid gap-1">
            <ToastTitle>{title}</ToastTitle>
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action ? (
            <ToastAction altText={`${action.label}: ${title}`} onClick={action.onAction} className="ml-auto self-center">
              {action.label}
            </ToastAction>
          ) : null}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
