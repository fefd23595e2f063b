import type * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { Slot } from '@radix-ui/react-slot';
import {
  type ComponentProps,
  createContext,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  useContext,
  useState,
} from 'react';
import { cn } from '@/lib/cn';

type MenuModule = typeof RadixMenu;

// Radix's menu (with its positioning engine) is about a sixth of the first-load budget, and every page
// shows a menu trigger (credits, account) while few open one. So the menu code loads the first time a
// trigger is pointed at, focused or pressed, and the menu then opens as if it had been there all along.
let loaded: MenuModule | null = null;
let loading: Promise<MenuModule> | null = null;
function loadMenu(): Promise<MenuModule> {
  loading ??= import('@radix-ui/react-dropdown-menu').then((m) => {
    loaded = m;
    return m;
  });
  return loading;
}
/** The loaded menu module; only the parts rendered inside an open (hence loaded) menu call this. */
function menu(): MenuModule {
  if (!loaded) throw new Error('The dropdown menu rendered before its code loaded');
  return loaded;
}

/** While a menu's code is not loaded yet: how its stand-in trigger asks for it (and to open). */
const PendingMenu = createContext<((open: boolean) => void) | null>(null);

/**
 * Root of a dropdown menu (Radix): keyboard navigation, typeahead and focus return built in. Not
 * modal: a modal menu hides the rest of the page from assistive tech while it stays focusable.
 * Until the menu's code has loaded, the trigger is a look-alike button that loads it.
 */
export function DropdownMenu({ modal = false, defaultOpen, ...rest }: ComponentProps<MenuModule['Root']>) {
  const [module, setModule] = useState<MenuModule | null>(loaded);
  const [openAtOnce, setOpenAtOnce] = useState(false);
  if (module) return <module.Root modal={modal} defaultOpen={defaultOpen ?? openAtOnce} {...rest} />;
  const request = (open: boolean) => {
    void loadMenu().then((m) => {
      if (open) setOpenAtOnce(true);
      setModule(() => m);
    });
  };
  return <PendingMenu.Provider value={request}>{rest.children}</PendingMenu.Provider>;
}

/** The element that opens the menu; use `asChild` to make your own button the trigger. */
export function DropdownMenuTrigger({ asChild, ...props }: ComponentProps<MenuModule['Trigger']>) {
  const request = useContext(PendingMenu);
  if (!request) {
    const Trigger = menu().Trigger;
    return <Trigger asChild={asChild} {...props} />;
  }
  const { onPointerDown, onKeyDown, onClick, onPointerEnter, onFocus, disabled, ...rest } = props;
  const Stand = asChild ? Slot : 'button';
  return (
    <Stand
      type={asChild ? undefined : 'button'}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      disabled={disabled}
      data-disabled={disabled ? '' : undefined}
      {...rest}
      onPointerEnter={(event: PointerEvent<HTMLButtonElement>) => {
        onPointerEnter?.(event);
        void loadMenu();
      }}
      onFocus={(event: FocusEvent<HTMLButtonElement>) => {
        onFocus?.(event);
        void loadMenu();
      }}
      onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
        onPointerDown?.(event);
        if (disabled || event.defaultPrevented || event.button !== 0 || event.ctrlKey) return;
        // As Radix does: the menu opens on press, and the trigger keeps the focus off the page.
        event.preventDefault();
        request(true);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        onKeyDown?.(event);
        if (disabled || event.defaultPrevented || !['Enter', ' ', 'ArrowDown'].includes(event.key)) return;
        event.preventDefault();
        request(true);
      }}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        // A click with no press before it (assistive tech, or a test's click()) opens it too.
        if (!disabled && !event.defaultPrevented && event.detail === 0) request(true);
      }}
    />
  );
}

/** The menu panel, portalled and styled; aligned to the trigger's end by default. */
export function DropdownMenuContent({
  className,
  sideOffset = 8,
  align = 'end',
  maxHeight,
  style,
  ...rest
}: ComponentProps<MenuModule['Content']> & { /** The tallest the panel may be, in px; it scrolls past that. */ maxHeight?: number }) {
  // Nothing to show until the menu has loaded (and it loads to open).
  if (useContext(PendingMenu)) return null;
  const Menu = menu();
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
}: ComponentProps<MenuModule['Item']> & { icon?: ReactNode; tone?: 'danger' }) {
  const Menu = menu();
  return (
    <Menu.Item className={cn(itemClasses, tone === 'danger' && 'text-danger [&_svg]:text-danger', className)} {...rest}>
      {icon}
      {children}
    </Menu.Item>
  );
}

/** A non-interactive heading inside the menu. */
export function DropdownMenuLabel({ className, ...rest }: ComponentProps<MenuModule['Label']>) {
  const Menu = menu();
  return <Menu.Label className={cn('px-2.5 py-2 text-xs text-muted', className)} {...rest} />;
}

/** A thin line between groups of items. */
export function DropdownMenuSeparator({ className, ...rest }: ComponentProps<MenuModule['Separator']>) {
  const Menu = menu();
  return <Menu.Separator className={cn('-mx-1.5 my-1.5 h-px bg-border', className)} {...rest} />;
}

/** Groups items for screen readers. */
export function DropdownMenuGroup(props: ComponentProps<MenuModule['Group']>) {
  const Menu = menu();
  return <Menu.Group {...props} />;
}
