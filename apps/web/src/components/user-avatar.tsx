import { useState } from 'react';
import { cn } from '@/lib/cn';

const SIZES = { sm: 'size-8 text-sm', md: 'size-10 text-base', lg: 'size-16 text-2xl' } as const;

/** A user's picture, or the first letter of the username on an accent disc when there is none (or it fails). */
export function UserAvatar({
  username,
  picture,
  size = 'sm',
  className,
}: {
  username: string;
  picture?: string | null;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const letter = (username.trim()[0] ?? '?').toUpperCase();
  if (picture && !failed) {
    return (
      <img
        src={picture}
        alt=""
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className={cn('shrink-0 rounded-full object-cover ring-1 ring-border', SIZES[size], className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-accent-fill font-semibold text-on-accent-fill',
        SIZES[size],
        className,
      )}
    >
      {letter}
    </span>
  );
}
