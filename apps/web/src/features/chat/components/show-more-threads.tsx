import { Trans } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** "Show more" under a list of chats that has another page (a thread list's infinite query). */
export function ShowMoreThreads({
  query,
  className,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage(): Promise<unknown> };
  className?: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="ghost"
      size="sm"
      className={cn('mx-auto mt-1', className)}
      loading={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      <Trans>Show more</Trans>
    </Button>
  );
}
