import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The Blind switch of Compare and the Image Studio (issue 41), kept in the address (?blind=1): a reload, or a link
 * from the leaderboard, keeps it on.
 */
export function useBlindMode(): [boolean, (on: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const on = params.get('blind') === '1';
  const change = useCallback(
    (next: boolean) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set('blind', '1');
          else updated.delete('blind');
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [on, change];
}
