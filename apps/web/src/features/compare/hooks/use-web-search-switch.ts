import { useCallback, useState } from 'react';
import { localStore } from '@/lib/storage';

/** Where Compare's "Search the web" switch is kept on this device (Compare has no thread to keep it): present while on. */
export const COMPARE_WEB_SEARCH_KEY = 'compareWebSearch';

/** Compare's "Search the web" switch (issue 38): remembered on this device until it is turned off. */
export function useWebSearchSwitch(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => localStore.getString(COMPARE_WEB_SEARCH_KEY) === 'true');
  const change = useCallback((next: boolean) => {
    setOn(next);
    if (next) localStore.setString(COMPARE_WEB_SEARCH_KEY, 'true');
    else localStore.remove(COMPARE_WEB_SEARCH_KEY);
  }, []);
  return [on, change];
}
