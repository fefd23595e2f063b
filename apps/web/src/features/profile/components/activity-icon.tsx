import { Activity, Coins, CreditCard, LogIn, type LucideIcon, MessageSquare, MessagesSquare, Settings } from 'lucide-react';
import { cn } from '@/lib/cn';

// screens.md section 3: an icon per known activity type; anything else gets the default.
const ICONS: Record<string, LucideIcon> = {
  message: MessageSquare,
  thread: MessagesSquare,
  subscription: CreditCard,
  credit: Coins,
  login: LogIn,
  settings: Settings,
};

/** The icon of an activity type, on a tinted disc; unknown types get a generic activity icon. */
export function ActivityIcon({ type, className }: { type: string; className?: string }) {
  const Icon = ICONS[type] ?? Activity;
  return (
    <span
      data-activity-icon={ICONS[type] ? type : 'default'}
      aria-hidden="true"
      className={cn('inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-accent/12 text-accent', className)}
    >
      <Icon className="size-4" />
    </span>
  );
}
