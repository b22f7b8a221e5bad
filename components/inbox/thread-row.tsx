
import { memo } from "react";

import { PersonAvatar } from "@/components/ui/avatar";
import { cn } from "@/components/ui/cn";
import { BanIcon, CheckIcon, EyeIcon, MailQuestionIcon, PencilLineIcon } from "@/components/ui/icons";
import type { Color, Status, Tag } from "@/lib/api/labels";
import type { Member } from "@/lib/api/team";
import type { Thread } from "@/lib/api/threads";
import { colorHex, fullTime, listTime, personName, waited } from "@/lib/client/format";
import { useOthersIn } from "@/lib/client/hooks/use-presence";
import { useViewer } from "@/lib/client/viewer";

import { SnoozeBadge } from "@/components/snooze/snooze-badge";
import type { SnoozeMark } from "@/lib/client/snooze-marks";

import { LastMessagePreview } from "./last-message-preview";

/** What rows look up by ID: the team's members, tags, statuses, colors and platform names. */
export type RowLookups = {
  members: ReadonlyMap<string, Member>;
  tags: ReadonlyMap<string, Tag>;
  statuses: ReadonlyMap<string, Status>;
  colors: readonly Color[] | undefined;
  platformNames: ReadonlyMap<string, string>;
  /** Account link ID → platform. */
  linkPlatforms: ReadonlyMap<string, string>;
  /** What a conversation's snooze or reminder says (lib/client/snooze-marks), by thread. */
  snoozeMarks?: ReadonlyMap<string, SnoozeMark>;
};

/**
 * One conversation in the list: who, where, the latest words, when, and its state (unread,
 * assignee, tags, status, a request or restriction, how long the person has waited).
 *
 * Unread is the viewer's own (a filled dot, bold name); the API's flag, which is the team
 * owner's, shows beside it as a ring by the time for everyone but the owner.
 */
export const ThreadRow = memo(function ThreadRow({
  thread,
  unread,
  ownerUnread,
  lookups,
  open,
  focused,
  checked,
  selecting,
  showWait,
  now,
  timeZone,
}: {
  thread: Thread;
  /** Unread for the viewer (lib/api/read-state). */
  unread: boolean;
  /** Unread for the team owner, shown to the others (the owner's own is `unread`). */
  ownerUnread: boolean;
  lookups: RowLookups;
  open: boolean;
  focused: boolean;
  /** Selected for a bulk action. */
  checked: boolean;
  /** Whether any row is selected: then every row shows its checkbox, not only on hover. */
  selecting: boolean;
  showWait: boolean;
  now: Date;
  /** The zone its times are written in (the server's render and the browser's first must agree). */
  timeZone?: string;
}) {
  const profile = thread.profile;
  const name = personName(profile);
  const platform = lookups.linkPlatforms.get(thread.accountLinkId) ?? profile?.platform ?? "";
  const platformName = lookups.platformNames.get(platform) ?? platform;
  const assignee = thread.assigneeId ? lookups.members.get(thread.assigneeId) : undefined;
  const tags = (thread.contact?.tagIds ?? []).map((id) => lookups.tags.get(id)).filter((t): t is Tag => Boolean(t));
  const status = thread.contact?.statusId ? lookups.statuses.get(thread.contact.statusId) : undefined;
  const mark = lookups.snoozeMarks?.get(thread.id);
  const waitingSince = showWait && thread.lastMessage?.direction === "inbound" ? thread.lastMessage.sentAt : null;

  return (
    <div
      className={cn(
        "group flex h-full gap-3 border-b px-3 py-2.5 text-left",
        checked ? "bg-accent shadow-[inset_3px_0_0_var(--color-primary)]" : open ? "bg-accent" : "hover:bg-muted/60",
        focused && "ring-2 ring-ring/60 ring-inset",
      )}
    >
      {/* The avatar is the row's select target (a tap on a phone, where there is no hover). */}
      <div data-row-check className="relative shrink-0 pt-0.5">
        <RowCheck checked={checked} selecting={selecting} />
        <PersonAvatar name={name} src={profile?.avatarUrl} className={cn("size-9", checked || selecting ? "invisible" : "group-hover:invisible")} />
        {unread && !checked && !selecting ? (
          <span className="absolute -top-0.5 -left-0.5 size-2.5 rounded-full border-2 border-background bg-primary" aria-hidden />
        ) : null}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline gap-2">
          <span className={cn("min-w-0 truncate text-sm", unread ? "font-semibold" : "font-medium")}>{name}</span>
          {profile?.handle && profile.handle !== name ? (
            <span className="min-w-0 shrink truncate text-xs text-muted-foreground">{profile.handle}</span>
          ) : null}
          {ownerUnread ? (
            <span className="ml-auto size-2 shrink-0 self-center rounded-full border-[1.5px] border-primary" title="Not yet read by the team owner" aria-hidden />
          ) : null}
          <span className={cn("shrink-0 text-xs text-muted-foreground tabular-nums", !ownerUnread && "ml-auto")} title={fullTime(thread.activity.at, timeZone)}>
            {listTime(thread.activity.at, now, timeZone)}
          </span>
        </div>
        <p className={cn("mt-0.5 truncate text-sm", unread ? "text-foreground" : "text-muted-foreground")}>
          <LastMessagePreview thread={thread} />
        </p>
        <div className="mt-1.5 flex min-w-0 items-center gap-1.5 overflow-hidden text-xs text-muted-foreground">
          <span className="shrink-0 rounded border px-1.5 py-px">{platformName}</span>
          {mark ? <SnoozeBadge mark={mark} /> : null}
          {thread.isRequest ? (
            <span className="inline-flex shrink-0 items-center gap-1 rounded bg-amber-100 px-1.5 py-px text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
              <MailQuestionIcon className="size-3" aria-hidden />
              Request
            </span>
          ) : null}
          {thread.restrictions.length > 0 ? (
            <span
              className="inline-flex shrink-0 items-center gap-1 rounded bg-red-100 px-1.5 py-px text-red-800 dark:bg-red-400/15 dark:text-red-200"
              title={`Turned off in this conversation: ${thread.restrictions.join(", ")}`}
            >
              <BanIcon className="size-3" aria-hidden />
              Limited
            </span>
          ) : null}
          {waitingSince ? (
            <span className="shrink-0 font-medium text-amber-700 dark:text-amber-300" title={`Waiting since ${fullTime(waitingSince, timeZone)}`}>
              Waiting {waited(waitingSince, now)}
            </span>
          ) : null}
          {status ? (
            <span className="inline-flex shrink-0 items-center gap-1">
              <span className="size-2 rounded-[3px]" style={{ backgroundColor: colorHex(status.color, lookups.colors) }} aria-hidden />
              {status.name}
            </span>
          ) : null}
          {tags.slice(0, 2).map((tag) => (
            <span key={tag.id} className="inline-flex min-w-0 shrink items-center gap-1 truncate">
              <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: colorHex(tag.color, lookups.colors) }} aria-hidden />
              <span className="truncate">{tag.name}</span>
            </span>
          ))}
          {tags.length > 2 ? <span className="shrink-0">+{tags.length - 2}</span> : null}
          <RowPresence threadId={thread.id} />
          {assignee ? (
            <span className="ml-auto inline-flex shrink-0 items-center gap-1" title={`Assigned to ${assignee.name}`}>
              <PersonAvatar name={assignee.name} src={assignee.avatarUrl} className="size-4 text-[0.5rem]" />
              <span className="sr-only">Assigned to {assignee.name}</span>
            </span>
          ) : null}
        </div>
      </div>
    </div>
  );
});

/**
 * The row's checkbox, in the avatar's place: shown on hover, and on every row while any is
 * selected. The list's option carries the state (`aria-checked`) for assistive technology,
 * and `x` toggles it, so this is for the pointer only.
 */
function RowCheck({ checked, selecting }: { checked: boolean; selecting: boolean }) {
  return (
    <span
      aria-hidden
      className={cn("absolute inset-0 z-[1] items-start justify-center pt-2", checked || selecting ? "flex" : "hidden group-hover:flex")}
    >
      <span
        className={cn(
          "grid size-5 place-items-center rounded-[5px] border-2 transition-colors",
          checked ? "border-primary bg-primary text-primary-foreground" : "border-muted-foreground/60 bg-background",
        )}
      >
        {checked ? <CheckIcon className="size-3.5" strokeWidth={3} /> : null}
      </span>
    </span>
  );
}

/** Teammates in the conversation now: who types a reply, else who views it. */
function RowPresence({ threadId }: { threadId: string }) {
  const viewer = useViewer();
  const others = useOthersIn(threadId, viewer.userId);
  if (others.length === 0) return null;
  const typing = others.filter((p) => p.typing);
  const shown = typing.length > 0 ? typing : others;
  const first = shown[0]!.name.split(" ")[0];
  const label = `${shown.map((p) => p.name).join(", ")} ${typing.length > 0 ? "typing a reply" : "viewing"}`;
  const Icon = typing.length > 0 ? PencilLineIcon : EyeIcon;
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded bg-sky-100 px-1.5 py-px text-sky-900 dark:bg-sky-400/15 dark:text-sky-200" title={label}>
      <Icon className="size-3" aria-hidden />
      {first}
      {shown.length > 1 ? ` +${shown.length - 1}` : ""}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A row's accessible name: enough to choose it without seeing it. */
export function rowLabel(thread: Thread, lookups: RowLookups, unread: boolean, ownerUnread = false): string {
  const parts = [personName(thread.profile)];
  if (unread) parts.push("unread");
  // Worded apart from "unread", which is the viewer's own.
  if (ownerUnread) parts.push("not yet read by the team owner");
  if (thread.isRequest) parts.push("message request");
  const mark = lookups.snoozeMarks?.get(thread.id);
  if (mark) parts.push(mark.label.toLowerCase());
  if (thread.activity.preview) parts.push(thread.activity.preview);
  const assignee = thread.assigneeId ? lookups.members.get(thread.assigneeId) : undefined;
  if (assignee) parts.push(`assigned to ${assignee.name}`);
  return parts.join(", ");
}
