import { isApiError } from "@/lib/api/errors";
import { toast } from "@/lib/client/stores/toasts";

/** The plain sentence for any error: the API's code through lib/api's table, never a raw body. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.sentence;
  return "Something went wrong. Try again.";
}

/** A toast for a failed action: what failed, and why in a sentence. */
export function toastError(title: string, error: unknown): void {
  toast({ title, description: errorMessage(error), variant: "destructive" });
}
