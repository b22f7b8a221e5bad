"use client";

import { useId, useRef, useState, type FormEvent } from "react";

import { ColorChoice } from "@/components/settings/labels/color";
import { Button } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import type { Color, StatusCreate } from "@/lib/api/labels";
import { errorMessage } from "@/lib/client/errors";
import { CUSTOM_COLOR_PROBLEM, nameProblem, parseCustomColor, type LabelKind } from "@/lib/client/settings/label-form";

/**
 * The inline "New tag" / "New status" form: a name and a color. Problems show under it, in
 * the API's sentences where the API decides (a name taken since the list was read, say).
 * After a create the name clears and keeps focus, so several can be added in a row.
 */
export function LabelCreateForm({
  kind,
  existing,
  colors,
  onCreate,
}: {
  kind: LabelKind;
  existing: readonly { id: string; name: string }[] | undefined;
  colors: readonly Color[] | undefined;
  /** Resolves with the created label's name; rejects with the API's error. */
  onCreate: (body: StatusCreate) => Promise<{ name: string }>;
}) {
  const id = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState("");
  const [chosen, setChosen] = useState<string | null>(null);
  const [custom, setCustom] = useState("");
  const [problem, setProblem] = useState<{ text: string; field: "name" | "color" } | null>(null);
  const [pending, setPending] = useState(false);
  const [announcement, setAnnouncement] = useState("");

  // Until one is chosen, the first predefined color: the one the API would pick.
  const swatch = custom.trim() ? null : (chosen ?? colors?.[0]?.name ?? null);
  const noun = kind === "tag" ? "tag" : "status";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const nameError = nameProblem(kind, name, existing);
    if (nameError) {
      setProblem({ text: nameError, field: "name" });
      nameRef.current?.focus();
      return;
    }
    const color = custom.trim() ? parseCustomColor(custom) : swatch;
    if (custom.trim() && !color) {
      setProblem({ text: CUSTOM_COLOR_PROBLEM, field: "color" });
      return;
    }
    setPending(true);
    setProblem(null);
    try {
      const created = await onCreate({ name: name.trim(), ...(color ? { color } : {}) });
      setName("");
      setAnnouncement(`${kind === "tag" ? "Tag" : "Status"} “${created.name}” created.`);
    } catch (error) {
      setProblem({ text: errorMessage(error), field: "name" });
    } finally {
      setPending(false);
      nameRef.current?.focus();
    }
  };

  const problemId = `${id}-problem`;
  return (
    <form onSubmit={submit} noValidate aria-label={`New ${noun}`} className="rounded-lg border border-dashed bg-muted/30 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <Input
          ref={nameRef}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            if (problem?.field === "name") setProblem(null);
          }}
          aria-label={kind === "tag" ? "Tag name" : "Status name"}
          aria-invalid={problem?.field === "name" || undefined}
          aria-describedby={problem?.field === "name" ? problemId : undefined}
          placeholder={kind === "tag" ? "New tag, e.g. VIP" : "New stage, e.g. Proposal sent"}
          autoComplete="off"
          className="h-8 min-w-48 flex-1 bg-card"
        />
        <Button type="submit" size="sm" disabled={pending}>
          <PlusIcon aria-hidden />
          {pending ? "Adding…" : kind === "tag" ? "Add tag" : "Add status"}
        </Button>
      </div>
      <div className="mt-2.5">
        <ColorChoice
          value={swatch}
          custom={custom}
          colors={colors}
          customInvalid={problem?.field === "color"}
          customDescribedBy={problem?.field === "color" ? problemId : undefined}
          disabled={pending}
          onChoose={(next) => {
            setChosen(next);
            setCustom("");
            if (problem?.field === "color") setProblem(null);
          }}
          onCustomChange={(text) => {
            setCustom(text);
            if (problem?.field === "color") setProblem(null);
          }}
        />
      </div>
      {problem ? (
        <p id={problemId} role="alert" className="mt-2 text-sm text-destructive">
          {problem.text}
        </p>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </form>
  );
}
