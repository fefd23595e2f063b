import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * Root of a dropdown menu (Radix): keyboard navigation, typeahead and focus return built in. Not
 * modal: a modal menu hides the rest of the page from assistive tech while it stays focusable.
 */
export function DropdownMenu({ modal = false, ...rest }: ComponentProps<typeof Menu.Root>) {
  return <Menu.Root modal={modal} {...rest} />;
}
/** The element that opens the menu; use `asChild` to make your own button the trigger. */
export const DropdownMenuTrigger = Menu.Trigger;

/** The menu panel, portalled and styled; aligned to the trigger's end by default. */
export function DropdownMenuContent({
  className,
  sideOffset = 8,
  align = 'end',
  maxHeight,
  style,
  ...rest
}: ComponentProps<typeof Menu.Content> & { /** The tallest the panel may be, in px; it scrolls past that. */ maxHeight?: number }) {
  const available = 'var(--radix-dropdown-menu-content-available-height)';
  return (
    <Menu.Portal>
      <Menu.Content
        sideOffset={sideOffset}
        align={align}
        collisionPadding={8}
        className={cn(
          'z-50 min-w-52 overflow-y-auto overscroll-contain rounded-xl border border-border bg-elevated p-1.5 text-sm text-fg shadow-xl shadow-black/30 animate-pop-in',
          className,
        )}
        // Inline, so a caller's limit and the room Radix measured combine instead of racing in CSS order.
        style={{ maxHeight: maxHeight ? `min(${maxHeight}px, ${available})` : available, ...style }}
        {...rest}
      />
    </Menu.Portal>
  );
}

const itemClasses =
  'relative flex cursor-pointer select-none items-center gap-2.5 rounded-lg px-2.5 py-2 outline-none transition-colors ' +
  'data-[highlighted]:bg-surface-2 data-[disabled]:pointer-events-none data-[disabled]:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted';

/** A menu item; pass `icon` for a leading icon, `tone="danger"` for destructive actions. */
export function DropdownMenuItem({
  className,
  icon,
  tone,
  children,
  ...rest
}: ComponentProps<typeof Menu.Item> & { icon?: ReactNode; tone?: 'danger' }) {
  return (
    <Menu.Item className={cn(itemClasses, tone === 'danger' && 'text-danger [&_svg]:text-danger', className)} {...rest}>
      {icon}
      {children}
    </Menu.Item>
  );
}

/** A non-interactive heading inside the menu. */
export function DropdownMenuLabel({ className, ...rest }: ComponentProps<typeof Menu.Label>) {
  return <Menu.Label className={cn('px-2.5 py-2 text-xs text-muted', className)} {...rest} />;
}

/** A thin line between groups of items. */
export function DropdownMenuSeparator({ className, ...rest }: ComponentProps<typeof Menu.Separator>) {
  return <Menu.Separator className={cn('-mx-1.5 my-1.5 h-px bg-border', className)} {...rest} />;
}

/** Groups items for screen readers. */
export const DropdownMenuGroup = Menu.Group;
