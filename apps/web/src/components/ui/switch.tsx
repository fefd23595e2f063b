import * as SwitchPrimitive from '@radix-ui/react-switch';
import { cn } from '@/lib/cn';

/** An on/off switch in the app's style (Radix: a button with role "switch"); label it with a <label htmlFor> or aria-label. */
export function Switch({
  className,
  ...rest
}: Omit<SwitchPrimitive.SwitchProps, 'children'> & { id?: string; 'aria-label'?: string; 'aria-describedby'?: string }) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-border bg-surface-2 transition-colors disabled:opacity-60 data-[state=checked]:border-accent data-[state=checked]:bg-accent',
        className,
      )}
      {...rest}
    >
      <SwitchPrimitive.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[20px] rtl:-translate-x-0.5 rtl:data-[state=checked]:-translate-x-[20px]" />
    </SwitchPrimitive.Root>
  );
}
