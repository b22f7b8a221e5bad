
import { PersonAvatar } from "@/components/ui/avatar";
import { cn } from "@/components/ui/cn";
import { BadgeCheckIcon, Building2Icon, ExternalLinkIcon } from "@/components/ui/icons";
import type { Profile } from "@/lib/api/contacts";
import { personName } from "@/lib/client/format";
import { compactCount, fullCount, platformDataFields } from "@/lib/client/contact/profile-fields";

/**
 * One of the person's profiles: what the platform says about them. Every platform renders the
 * same way; what only one platform has comes from `platformData`, shown field by field.
 * `prominent` is the profile of the open conversation, at the top of the panel, whose name is
 * the panel's heading; the person's other profiles follow under their own.
 */
export function ProfileCard({
  profile,
  platformName,
  prominent = false,
}: {
  profile: Profile;
  platformName: string;
  prominent?: boolean;
}) {
  const name = personName(profile);
  const handle = profile.handle ?? (profile.username ? `@${profile.username}` : null);
  const fields = platformDataFields(profile.platformData);
  const Name = prominent ? "h2" : "p";
  const counts = [
    profile.followerCount !== null ? { n: profile.followerCount, noun: profile.followerCount === 1 ? "follower" : "followers" } : null,
    profile.followingCount !== null ? { n: profile.followingCount, noun: "following" } : null,
  ].filter((c) => c !== null);

  return (
    <div className="min-w-0">
      <div className="flex items-start gap-3">
        <PersonAvatar name={name} src={profile.avatarUrl} className={prominent ? "size-11 text-sm" : "size-8"} />
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 items-center gap-1">
            <Name className={cn("min-w-0 truncate font-semibold", prominent ? "text-base leading-6" : "text-sm")} title={name}>
              {name}
            </Name>
            {profile.verified ? <Mark icon={BadgeCheckIcon} label="Verified" className="text-primary" /> : null}
            {profile.isOrganization ? <Mark icon={Building2Icon} label="Organisation" className="text-muted-foreground" /> : null}
          </div>
          <p className="flex min-w-0 flex-wrap items-center gap-x-1.5 text-sm text-muted-foreground">
            {handle || profile.profileUrl ? (
              <ProfileLink href={profile.profileUrl} text={handle ?? "View profile"} platformName={platformName} />
            ) : null}
            <span className="shrink-0">
              {handle || profile.profileUrl ? <span aria-hidden>· </span> : null}
              {platformName}
            </span>
          </p>
        </div>
      </div>

      {profile.bio ? <p className="mt-2 text-sm break-words whitespace-pre-line">{profile.bio}</p> : null}

      {counts.length > 0 ? (
        <p className="mt-2 flex flex-wrap gap-x-3 text-xs text-muted-foreground">
          {counts.map(({ n, noun }) => (
            <span key={noun} title={`${fullCount(n)} ${noun}`}>
              <span className="font-semibold text-foreground tabular-nums">{compactCount(n)}</span> {noun}
            </span>
          ))}
        </p>
      ) : null}

      {fields.length > 0 ? (
        <dl className="mt-2 grid gap-0.5 text-xs">
          {fields.map((field) => (
            <div key={field.key} className="min-w-0 break-words">
              <dt className="inline text-muted-foreground">{field.label}:</dt> <dd className="inline">{field.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

function ProfileLink({ href, text, platformName }: { href: string | null; text: string; platformName: string }) {
  if (!href) return <span className="min-w-0 truncate">{text}</span>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className="inline-flex min-w-0 items-center gap-0.5 rounded-sm text-primary underline-offset-2 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <span className="truncate">{text}</span>
      <ExternalLinkIcon className="size-3 shrink-0" aria-hidden />
      <span className="sr-only"> on {platformName} (opens in a new tab)</span>
    </a>
  );
}

function Mark({ icon: Icon, label, className }: { icon: typeof BadgeCheckIcon; label: string; className?: string }) {
  return (
    <span className={cn("inline-flex shrink-0", className)} title={label}>
      <Icon className="size-4" aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}
