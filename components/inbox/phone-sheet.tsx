"use client";

import type { ReactNode } from "react";

import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";

/** A sheet over the phone layout (the navigation, the contact), named for screen readers. */
export function PhoneSheet({ open, onOpenChange, title, className, children }: { open: boolean; onOpenChange: (open: boolean) => void; title: string; className: string; children: ReactNode }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        <DialogTitle className="sr-only">{title}</DialogTitle>
        {children}
      </DialogContent>
    </Dialog>
  );
}
