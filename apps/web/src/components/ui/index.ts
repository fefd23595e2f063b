/** The design-system primitives shared by every feature. */
export { Badge, type BadgeTone } from './badge';
export { Button, buttonClasses, type ButtonProps, type ButtonSize, type ButtonVariant } from './button';
export { Card, CardDescription, CardTitle } from './card';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { Dialog, type DialogProps } from './dialog';
export {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './dropdown-menu';
export { ErrorBanner, type ErrorBannerProps } from './error-banner';
export { Field, type FieldProps } from './field';
export { IconButton, type IconButtonProps } from './icon-button';
export { Input } from './input';
export { Select } from './select';
export { LoadingScreen, Spinner } from './spinner';
export { OpenInNewTab } from './open-in-new-tab';
export { Textarea } from './textarea';
