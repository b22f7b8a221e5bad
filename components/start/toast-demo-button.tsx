"use client";

import { Button } from "@/components/ui/button";
import { BellIcon } from "@/components/ui/icons";
import { toast } from "@/lib/client/stores/toasts";

/** Shows the notification style the inbox uses for sends, assignments and errors. */
export function ToastDemoButton() {
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() =>
        toast({
          title: "Notifications are working",
          description: "The inbox reports sends, assignments and errors like this.",
          variant: "success",
        })
      }
    >
      <BellIcon aria-hidden />
      Try a notification
    </Button>
  );
}
