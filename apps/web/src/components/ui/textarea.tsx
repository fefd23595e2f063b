import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { fieldClasses } from './field-styles';

/** A multi-line input in the app's style. */
export function Textarea({ className, ref, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea ref={ref} className={cn(fieldClasses, 'min-h-24 resize-y py-2.5 leading-relaxed', className)} {...rest} />;
}
