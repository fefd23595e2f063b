import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '@/lib/cn';
import { fieldClasses } from './field-styles';

/** A text input in the app's style; pair it with <Field> for a label and an error text. */
export function Input({ className, ref, ...rest }: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input ref={ref} className={cn(fieldClasses, 'h-10', className)} {...rest} />;
}
