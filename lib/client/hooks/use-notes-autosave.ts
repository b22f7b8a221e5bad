"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import { NOTES_MAX_LENGTH } from "@/lib/api/contacts";
import { errorMessage } from "@/lib/client/errors";
import { useUpdateContact } from "@/lib/client/mutations/contacts";
import { NotesAutosave } from "@/lib/client/contact/notes-autosave";

/**
 * A contact's notes as they are edited, saved by themselves (lib/client/contact/notes-autosave).
 * Mount it once per contact (key the component by contact ID): the draft belongs to that
 * contact. What waits for a pause is saved when the component goes away, and the browser asks
 * before a tab with unsaved notes is closed.
 */
export function useNotesAutosave(contactId: string, serverNotes: string | null) {
  const { mutateAsync } = useUpdateContact();
  const [autosave] = useState(
    () =>
      new NotesAutosave({
        initial: serverNotes,
        save: (notes) => mutateAsync({ contactId, patch: { notes }, label: "save the notes" }),
        describeError: errorMessage,
        maxLength: NOTES_MAX_LENGTH,
      }),
  );
  const snapshot = useSyncExternalStore(autosave.subscribe, autosave.getSnapshot, autosave.getSnapshot);

  useEffect(() => {
    autosave.setSave((notes) => mutateAsync({ contactId, patch: { notes }, label: "save the notes" }));
  }, [autosave, mutateAsync, contactId]);

  // The cache's value: a refetch, someone else's edit, or this field's own optimistic write.
  useEffect(() => {
    autosave.serverValue(serverNotes);
  }, [autosave, serverNotes]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!autosave.hasUnsavedChanges()) return;
      autosave.flush();
      event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => {
      window.removeEventListener("beforeunload", warn);
      autosave.flush();
    };
  }, [autosave]);

  return {
    ...snapshot,
    type: (text: string) => autosave.type(text),
    flush: () => autosave.flush(),
    retry: () => autosave.retry(),
    takeTheirs: () => autosave.takeTheirs(),
    dismissConflict: () => autosave.dismissConflict(),
  };
}
