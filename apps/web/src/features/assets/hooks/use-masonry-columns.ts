import { useMediaQuery } from '@/lib/use-media-query';

/** The masonry column count for the viewport: 3 above 700 px, 2 from 501 to 700, 1 at 500 and below. */
export function useMasonryColumns(): number {
  const above700 = useMediaQuery('(min-width: 701px)');
  const above500 = useMediaQuery('(min-width: 501px)');
  return above700 ? 3 : above500 ? 2 : 1;
}
