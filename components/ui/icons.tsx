import type { IconName } from "lucide-react/dynamic";
import type { ComponentProps, JSX } from "react";

/**
 * The app's icons (lucide's), drawn from one SVG sprite: each is an `<svg>` that uses its symbol
 * from `/icons.svg`, which app/icons.svg/route.ts builds at build time from lucide's own data
 * for the icons listed here (components/ui/icon-sprite). lucide-react's components carried each
 * icon's paths and its renderer in the pages' JavaScript (about 7 kB of the inbox's first load
 * alone, issue 18); the sprite is fetched once and cached.
 *
 * The sprite's address names its version, a hash of this file and lucide's version
 * (next.config.mjs), so a browser keeps it for good and an icon added or an upgrade of lucide
 * is fetched anew.
 *
 * Adding an icon: an export below with lucide's name for it (a wrong name fails the typecheck).
 */
export const ICON_SPRITE_URL = `/icons.svg?v=${process.env.INBOX_ICONS_VERSION}`;
/** How every page asks for the sprite with its stylesheet: otherwise only once the first icon is laid out. */
export const ICON_SPRITE_PRELOAD = { as: "image", type: "image/svg+xml", fetchPriority: "high" } as const;

/** An `<svg>`'s props; children (a `<title>`) come before the icon's shapes. */
export type IconProps = ComponentProps<"svg">;
/** An icon component, as a prop or a table's entry takes one. */
export type IconComponent = ((props: IconProps) => JSX.Element) & { iconName: IconName };

function spriteIcon(iconName: IconName): IconComponent {
  function Icon({ strokeWidth = 2, children, ...props }: IconProps) {
    // As lucide did: decorative unless it is given a name or a role.
    const named = Object.keys(props).some((prop) => prop.startsWith("aria-") || prop === "role" || prop === "title");
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden={named ? undefined : true}
        {...props}
      >
        {children}
        <use href={`${ICON_SPRITE_URL}#${iconName}`} />
      </svg>
    );
  }
  return Object.assign(Icon, { iconName });
}

export const AlarmClockIcon = /* @__PURE__ */ spriteIcon("alarm-clock");
export const AlarmClockOffIcon = /* @__PURE__ */ spriteIcon("alarm-clock-off");
export const AlertCircleIcon = /* @__PURE__ */ spriteIcon("alert-circle");
export const ArchiveIcon = /* @__PURE__ */ spriteIcon("archive");
export const ArchiveRestoreIcon = /* @__PURE__ */ spriteIcon("archive-restore");
export const ArrowDownIcon = /* @__PURE__ */ spriteIcon("arrow-down");
export const ArrowLeftIcon = /* @__PURE__ */ spriteIcon("arrow-left");
export const ArrowRightLeftIcon = /* @__PURE__ */ spriteIcon("arrow-right-left");
export const ArrowUpIcon = /* @__PURE__ */ spriteIcon("arrow-up");
export const AtSignIcon = /* @__PURE__ */ spriteIcon("at-sign");
export const BadgeCheckIcon = /* @__PURE__ */ spriteIcon("badge-check");
export const BanIcon = /* @__PURE__ */ spriteIcon("ban");
export const BellIcon = /* @__PURE__ */ spriteIcon("bell");
export const BellOffIcon = /* @__PURE__ */ spriteIcon("bell-off");
export const BlocksIcon = /* @__PURE__ */ spriteIcon("blocks");
export const BookmarkIcon = /* @__PURE__ */ spriteIcon("bookmark");
export const Building2Icon = /* @__PURE__ */ spriteIcon("building-2");
export const CalendarClockIcon = /* @__PURE__ */ spriteIcon("calendar-clock");
export const CheckCheckIcon = /* @__PURE__ */ spriteIcon("check-check");
export const CheckCircle2Icon = /* @__PURE__ */ spriteIcon("check-circle-2");
export const CheckIcon = /* @__PURE__ */ spriteIcon("check");
export const ChevronDownIcon = /* @__PURE__ */ spriteIcon("chevron-down");
export const ChevronLeftIcon = /* @__PURE__ */ spriteIcon("chevron-left");
export const ChevronRightIcon = /* @__PURE__ */ spriteIcon("chevron-right");
export const ChevronUpIcon = /* @__PURE__ */ spriteIcon("chevron-up");
export const ChevronsUpDownIcon = /* @__PURE__ */ spriteIcon("chevrons-up-down");
export const CircleAlertIcon = /* @__PURE__ */ spriteIcon("circle-alert");
export const CircleDotIcon = /* @__PURE__ */ spriteIcon("circle-dot");
export const CircleHelpIcon = /* @__PURE__ */ spriteIcon("circle-help");
export const CircleIcon = /* @__PURE__ */ spriteIcon("circle");
export const ClockIcon = /* @__PURE__ */ spriteIcon("clock");
export const CloudOffIcon = /* @__PURE__ */ spriteIcon("cloud-off");
export const CompassIcon = /* @__PURE__ */ spriteIcon("compass");
export const CopyIcon = /* @__PURE__ */ spriteIcon("copy");
export const CornerUpLeftIcon = /* @__PURE__ */ spriteIcon("corner-up-left");
export const DownloadIcon = /* @__PURE__ */ spriteIcon("download");
export const EllipsisIcon = /* @__PURE__ */ spriteIcon("ellipsis");
export const ExternalLinkIcon = /* @__PURE__ */ spriteIcon("external-link");
export const EyeIcon = /* @__PURE__ */ spriteIcon("eye");
export const EyeOffIcon = /* @__PURE__ */ spriteIcon("eye-off");
export const FileIcon = /* @__PURE__ */ spriteIcon("file");
export const FilePenLineIcon = /* @__PURE__ */ spriteIcon("file-pen-line");
export const FilterIcon = /* @__PURE__ */ spriteIcon("filter");
export const FlaskConicalIcon = /* @__PURE__ */ spriteIcon("flask-conical");
export const GaugeIcon = /* @__PURE__ */ spriteIcon("gauge");
export const GripVerticalIcon = /* @__PURE__ */ spriteIcon("grip-vertical");
export const HeartIcon = /* @__PURE__ */ spriteIcon("heart");
export const HistoryIcon = /* @__PURE__ */ spriteIcon("history");
export const HourglassIcon = /* @__PURE__ */ spriteIcon("hourglass");
export const ImageOffIcon = /* @__PURE__ */ spriteIcon("image-off");
export const InboxIcon = /* @__PURE__ */ spriteIcon("inbox");
export const InfoIcon = /* @__PURE__ */ spriteIcon("info");
export const KeyRoundIcon = /* @__PURE__ */ spriteIcon("key-round");
export const KeyboardIcon = /* @__PURE__ */ spriteIcon("keyboard");
export const LayersIcon = /* @__PURE__ */ spriteIcon("layers");
export const Link2Icon = /* @__PURE__ */ spriteIcon("link-2");
export const LinkIcon = /* @__PURE__ */ spriteIcon("link");
export const ListFilterIcon = /* @__PURE__ */ spriteIcon("list-filter");
export const ListIcon = /* @__PURE__ */ spriteIcon("list");
export const LoaderCircleIcon = /* @__PURE__ */ spriteIcon("loader-circle");
export const LoaderIcon = /* @__PURE__ */ spriteIcon("loader");
export const LockIcon = /* @__PURE__ */ spriteIcon("lock");
export const LogOutIcon = /* @__PURE__ */ spriteIcon("log-out");
export const MailIcon = /* @__PURE__ */ spriteIcon("mail");
export const MailOpenIcon = /* @__PURE__ */ spriteIcon("mail-open");
export const MailQuestionIcon = /* @__PURE__ */ spriteIcon("mail-question");
export const MegaphoneIcon = /* @__PURE__ */ spriteIcon("megaphone");
export const MegaphoneOffIcon = /* @__PURE__ */ spriteIcon("megaphone-off");
export const MenuIcon = /* @__PURE__ */ spriteIcon("menu");
export const MessageCircleReplyIcon = /* @__PURE__ */ spriteIcon("message-circle-reply");
export const MessageSquareDashedIcon = /* @__PURE__ */ spriteIcon("message-square-dashed");
export const MessageSquareIcon = /* @__PURE__ */ spriteIcon("message-square");
export const MessageSquareOffIcon = /* @__PURE__ */ spriteIcon("message-square-off");
export const MessageSquarePlusIcon = /* @__PURE__ */ spriteIcon("message-square-plus");
export const MessageSquareTextIcon = /* @__PURE__ */ spriteIcon("message-square-text");
export const MessagesSquareIcon = /* @__PURE__ */ spriteIcon("messages-square");
export const MinusIcon = /* @__PURE__ */ spriteIcon("minus");
export const MonitorIcon = /* @__PURE__ */ spriteIcon("monitor");
export const MoonIcon = /* @__PURE__ */ spriteIcon("moon");
export const MoreHorizontalIcon = /* @__PURE__ */ spriteIcon("more-horizontal");
export const OctagonXIcon = /* @__PURE__ */ spriteIcon("octagon-x");
export const PanelRightCloseIcon = /* @__PURE__ */ spriteIcon("panel-right-close");
export const PanelRightIcon = /* @__PURE__ */ spriteIcon("panel-right");
export const PanelRightOpenIcon = /* @__PURE__ */ spriteIcon("panel-right-open");
export const PaperclipIcon = /* @__PURE__ */ spriteIcon("paperclip");
export const PencilIcon = /* @__PURE__ */ spriteIcon("pencil");
export const PencilLineIcon = /* @__PURE__ */ spriteIcon("pencil-line");
export const PlayIcon = /* @__PURE__ */ spriteIcon("play");
export const PlusIcon = /* @__PURE__ */ spriteIcon("plus");
export const RefreshCwIcon = /* @__PURE__ */ spriteIcon("refresh-cw");
export const ReplyIcon = /* @__PURE__ */ spriteIcon("reply");
export const RotateCwIcon = /* @__PURE__ */ spriteIcon("rotate-cw");
export const SearchIcon = /* @__PURE__ */ spriteIcon("search");
export const SearchXIcon = /* @__PURE__ */ spriteIcon("search-x");
export const SendHorizontalIcon = /* @__PURE__ */ spriteIcon("send-horizontal");
export const SendIcon = /* @__PURE__ */ spriteIcon("send");
export const SettingsIcon = /* @__PURE__ */ spriteIcon("settings");
export const ShieldQuestionIcon = /* @__PURE__ */ spriteIcon("shield-question");
export const SmilePlusIcon = /* @__PURE__ */ spriteIcon("smile-plus");
export const SplitIcon = /* @__PURE__ */ spriteIcon("split");
export const SquareKanbanIcon = /* @__PURE__ */ spriteIcon("square-kanban");
export const SunIcon = /* @__PURE__ */ spriteIcon("sun");
export const SunMoonIcon = /* @__PURE__ */ spriteIcon("sun-moon");
export const TagIcon = /* @__PURE__ */ spriteIcon("tag");
export const TagsIcon = /* @__PURE__ */ spriteIcon("tags");
export const Trash2Icon = /* @__PURE__ */ spriteIcon("trash-2");
export const TriangleAlertIcon = /* @__PURE__ */ spriteIcon("triangle-alert");
export const Undo2Icon = /* @__PURE__ */ spriteIcon("undo-2");
export const UploadIcon = /* @__PURE__ */ spriteIcon("upload");
export const UserCheckIcon = /* @__PURE__ */ spriteIcon("user-check");
export const UserIcon = /* @__PURE__ */ spriteIcon("user");
export const UserMinusIcon = /* @__PURE__ */ spriteIcon("user-minus");
export const UserPlusIcon = /* @__PURE__ */ spriteIcon("user-plus");
export const UserRoundIcon = /* @__PURE__ */ spriteIcon("user-round");
export const UserRoundXIcon = /* @__PURE__ */ spriteIcon("user-round-x");
export const UserXIcon = /* @__PURE__ */ spriteIcon("user-x");
export const UsersIcon = /* @__PURE__ */ spriteIcon("users");
export const VariableIcon = /* @__PURE__ */ spriteIcon("variable");
export const WifiOffIcon = /* @__PURE__ */ spriteIcon("wifi-off");
export const WorkflowIcon = /* @__PURE__ */ spriteIcon("workflow");
export const XIcon = /* @__PURE__ */ spriteIcon("x");
export const ZapIcon = /* @__PURE__ */ spriteIcon("zap");
