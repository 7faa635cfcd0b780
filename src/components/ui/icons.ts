import type { LucideIconData } from 'lucide-react';

/*
 * The lucide icons the site draws, as data for <Icon> (icon.tsx), under lucide-react's component names. Each of
 * lucide-react's icon modules exports its data as `__iconData` beside the component (lucide-icons/lucide #4761
 * exports it from every framework package for this use); its types declare only the component, hence the
 * declaration below. Re-exports, so each chunk takes only the icons it draws. If an update renames the export, the
 * build stops ("is not exported by") and icon.test.tsx fails.
 */
declare module 'lucide-react/icons/*' {
  export const __iconData: LucideIconData;
}

export { __iconData as AlertTriangle } from 'lucide-react/icons/triangle-exclamation-point';
export { __iconData as ArrowLeft } from 'lucide-react/icons/arrow-left';
export { __iconData as ArrowRight } from 'lucide-react/icons/arrow-right';
export { __iconData as BadgeDollarSign } from 'lucide-react/icons/badge-dollar-sign';
export { __iconData as BadgePercent } from 'lucide-react/icons/badge-percent';
export { __iconData as BellRing } from 'lucide-react/icons/bell-ring';
export { __iconData as BookOpen } from 'lucide-react/icons/book-open';
export { __iconData as Building2 } from 'lucide-react/icons/building-complex';
export { __iconData as CalendarClock } from 'lucide-react/icons/calendar-clock';
export { __iconData as Camera } from 'lucide-react/icons/camera';
export { __iconData as Check } from 'lucide-react/icons/check';
export { __iconData as CheckCircle2 } from 'lucide-react/icons/circle-check';
export { __iconData as ChevronLeft } from 'lucide-react/icons/chevron-left';
export { __iconData as ChevronRight } from 'lucide-react/icons/chevron-right';
export { __iconData as Clapperboard } from 'lucide-react/icons/clapperboard';
export { __iconData as Clock } from 'lucide-react/icons/clock';
export { __iconData as Download } from 'lucide-react/icons/download';
export { __iconData as Gem } from 'lucide-react/icons/gem';
export { __iconData as Gift } from 'lucide-react/icons/gift';
export { __iconData as Grid2x2 } from 'lucide-react/icons/grid-2x2';
export { __iconData as Hammer } from 'lucide-react/icons/hammer';
export { __iconData as Handshake } from 'lucide-react/icons/handshake';
export { __iconData as HardHat } from 'lucide-react/icons/hard-hat';
export { __iconData as House } from 'lucide-react/icons/house';
export { __iconData as ImageOff } from 'lucide-react/icons/image-off';
export { __iconData as ImagePlus } from 'lucide-react/icons/image-plus';
export { __iconData as Info } from 'lucide-react/icons/info';
export { __iconData as KeyRound } from 'lucide-react/icons/key-round';
export { __iconData as Layers } from 'lucide-react/icons/layers';
export { __iconData as Lightbulb } from 'lucide-react/icons/lightbulb';
export { __iconData as Loader2 } from 'lucide-react/icons/loader-circle';
export { __iconData as Lock } from 'lucide-react/icons/lock';
export { __iconData as Mail } from 'lucide-react/icons/mail';
export { __iconData as MapPin } from 'lucide-react/icons/map-pin';
export { __iconData as Menu } from 'lucide-react/icons/menu';
export { __iconData as MessageSquareReply } from 'lucide-react/icons/message-square-reply';
export { __iconData as MoveHorizontal } from 'lucide-react/icons/move-horizontal';
export { __iconData as Paintbrush } from 'lucide-react/icons/paintbrush';
export { __iconData as PencilLine } from 'lucide-react/icons/pencil-line';
export { __iconData as Percent } from 'lucide-react/icons/percent';
export { __iconData as Phone } from 'lucide-react/icons/phone';
export { __iconData as PiggyBank } from 'lucide-react/icons/piggy-bank';
export { __iconData as Quote } from 'lucide-react/icons/quote';
export { __iconData as RefreshCw } from 'lucide-react/icons/refresh-cw';
export { __iconData as RotateCcw } from 'lucide-react/icons/rotate-ccw';
export { __iconData as Send } from 'lucide-react/icons/send';
export { __iconData as ShieldCheck } from 'lucide-react/icons/shield-check';
export { __iconData as Sparkles } from 'lucide-react/icons/sparkles';
export { __iconData as Star } from 'lucide-react/icons/star';
export { __iconData as Timer } from 'lucide-react/icons/timer';
export { __iconData as TreePine } from 'lucide-react/icons/tree-pine';
export { __iconData as TrendingUp } from 'lucide-react/icons/trending-up';
export { __iconData as Trophy } from 'lucide-react/icons/trophy';
export { __iconData as Undo2 } from 'lucide-react/icons/undo-2';
export { __iconData as Upload } from 'lucide-react/icons/upload';
export { __iconData as Users } from 'lucide-react/icons/users';
export { __iconData as WifiOff } from 'lucide-react/icons/wifi-off';
export { __iconData as X } from 'lucide-react/icons/x';
export { __iconData as Zap } from 'lucide-react/icons/zap';
