"use client";

import { useId, useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";

import { FormFooter, useFormProblem } from "@/components/settings/form-problems";
import { ReplyPreview } from "@/components/thread/saved-reply-picker";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input, Textarea } from "@/components/ui/input";
import { isApiError } from "@/lib/api/errors";
import { newSavedReply, SAVED_REPLY_LIMITS, type SavedReply, type SavedReplyScope } from "@/lib/api/saved-replies";
import { resolveTemplate, SAVED_REPLY_VARIABLES, VARIABLE_LABELS, type VariableValues } from "@/lib/api/saved-reply-variables";
import { errorMessage } from "@/lib/client/errors";
import { useSavedReplyMutations } from "@/lib/client/mutations/saved-replies";

type Field = "name" | "shortcut" | "body";

/** What the editor previews with: a made-up conversation, so the fallbacks show too. */
const SAMPLE: VariableValues = { "first-name": "Ada", "display-name": "Ada Lovelace", "member-name": null, "account-name": "Acme" };

export type EditorTarget = { mode: "create"; scope: SavedReplyScope } | { mode: "edit"; reply: SavedReply };

/**
 * Writing a saved reply: name, shortcut and text, with buttons that insert each variable at
 * the caret (with a fallback to fill in) and a preview filled for a sample contact. Problems
 * show beside their field in the contract's sentences; nothing typed is lost to a click outside.
 */
export function SavedReplyEditor({ target, memberName, onClose }: { target: EditorTarget | null; memberName: string; onClose: () => void }) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {target ? <EditorForm key={target.mode === "edit" ? target.reply.id : target.scope} target={target} memberName={memberName} onClose={onClose} /> : null}
    </Dialog>
  );
}

function EditorForm({ target, memberName, onClose }: { target: EditorTarget; memberName: string; onClose: () => void }) {
  const id = useId();
  const { create, update } = useSavedReplyMutations();
  const initial = target.mode === "edit" ? target.reply : { name: "", shortcut: "", body: "" };
  const scope = target.mode === "edit" ? target.reply.scope : target.scope;
  const [name, setName] = useState(initial.name);
  const [shortcut, setShortcut] = useState(initial.shortcut);
  const [body, setBody] = useState(initial.body);
  const { problem, setProblem, fieldProps, problemFor } = useFormProblem<Field>(id, { shortcut: `${id}-shortcut-hint`, body: `${id}-body-hint` });
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const dirty = name !== initial.name || shortcut !== initial.shortcut || body !== initial.body;
  const pending = create.isPending || update.isPending;

  const insertVariable = (variable: string) => {
    const box = bodyRef.current;
    const token = variable === "first-name" ? `{${variable}|there}` : `{${variable}}`;
    const [start, end] = box ? [box.selectionStart, box.selectionEnd] : [body.length, body.length];
    // Committed at once, so the caret goes after the token now: set a frame later, it could land
    // after keys typed meanwhile and move them (a busy machine, or a quick typist).
    flushSync(() => setBody(body.slice(0, start) + token + body.slice(end)));
    box?.focus();
    box?.setSelectionRange(start + token.length, start + token.length);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = newSavedReply.safeParse({ scope, name, shortcut, body });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = (["name", "shortcut", "body"] as const).find((f) => issue.path[0] === f) ?? "form";
      setProblem({ field, text: issue.message });
      document.getElementById(`${id}-${field}`)?.focus();
      return;
    }
    setProblem(null);
    const onError = (error: Error) => setProblem({ field: isApiError(error) && error.code === "duplicateShortcut" ? "shortcut" : "form", text: errorMessage(error) });
    const { name: n, shortcut: s, body: b } = parsed.data;
    if (target.mode === "edit") update.mutate({ replyId: target.reply.id, patch: { name: n, shortcut: s, body: b } }, { onSuccess: onClose, onError });
    else create.mutate(parsed.data, { onSuccess: onClose, onError });
  };

  const library = scope === "team" ? "the team's library" : "your saved replies";
  return (
    <DialogContent className="sm:max-w-2xl" onInteractOutside={(event) => (dirty ? event.preventDefault() : undefined)}>
      <DialogHeader>
        <DialogTitle>{target.mode === "edit" ? `Edit “${target.reply.name}”` : scope === "team" ? "New team reply" : "New personal reply"}</DialogTitle>
        <DialogDescription>{scope === "team" ? "Everyone on the team can insert it; managers and admins can change it." : "Only you see it and can insert it."} It is saved in {library}.</DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <div className="grid items-start gap-4 sm:grid-cols-[3fr_2fr]">
          <div className="grid content-start gap-1.5">
            <label htmlFor={`${id}-name`} className="text-sm font-medium">
              Name
            </label>
            <Input {...fieldProps("name")} value={name} maxLength={SAVED_REPLY_LIMITS.name} onChange={(e) => setName(e.target.value)} autoComplete="off" autoFocus />
            {problemFor("name")}
          </div>
          <div className="grid content-start gap-1.5">
            <label htmlFor={`${id}-shortcut`} className="text-sm font-medium">
              Shortcut
            </label>
            <Input {...fieldProps("shortcut")} value={shortcut} maxLength={SAVED_REPLY_LIMITS.shortcut} onChange={(e) => setShortcut(e.target.value)} autoComplete="off" spellCheck={false} className="font-mono" />
            <p id={`${id}-shortcut-hint`} className="text-xs text-muted-foreground">
              Type <kbd className="font-mono">;{shortcut.trim().toLowerCase() || "shortcut"}</kbd> in a reply to insert it.
            </p>
            {problemFor("shortcut")}
          </div>
        </div>
        <div className="grid content-start gap-1.5">
          <label htmlFor={`${id}-body`} className="text-sm font-medium">
            Text
          </label>
          <Textarea {...fieldProps("body")} ref={bodyRef} value={body} rows={6} maxLength={SAVED_REPLY_LIMITS.body} onChange={(e) => setBody(e.target.value)} />
          <div id={`${id}-body-hint`} className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
            <span>Insert a variable:</span>
            {SAVED_REPLY_VARIABLES.map((variable) => (
              <Button key={variable} type="button" variant="outline" size="sm" className="h-6 px-2 font-mono text-xs" onClick={() => insertVariable(variable)} aria-label={`Insert ${VARIABLE_LABELS[variable].toLowerCase()}`}>
                {`{${variable}}`}
              </Button>
            ))}
            <span>Add a fallback after a bar, used when there is no value: {"{first-name|there}"}.</span>
          </div>
          {problemFor("body")}
        </div>
        {body.trim() ? (
          <div className="rounded-md border bg-muted/30">
            <ReplyPreview resolved={resolveTemplate(body, { ...SAMPLE, "member-name": memberName })} limit={{ maxLength: null, platformName: null }} heading="Preview for a contact named Ada Lovelace" />
          </div>
        ) : null}
        <FormFooter problem={problem} pending={pending} onCancel={onClose}>
          {target.mode === "edit" ? "Save changes" : "Add reply"}
        </FormFooter>
      </form>
    </DialogContent>
  );
}
