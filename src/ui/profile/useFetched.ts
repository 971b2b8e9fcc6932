/** The answer of `load` for the current `key` (null while it loads); a later key's answer wins. */
import { useEffect, useState } from 'react';
import type { Fetched } from '../../online/profileApi';

export function useFetched<T>(key: string, load: () => Promise<Fetched<T>>): Fetched<T> | null {
  const [answer, setAnswer] = useState<{ key: string; value: Fetched<T> } | null>(null);
  useEffect(() => {
    let current = true;
    void load().then((value) => current && setAnswer({ key, value }));
    return () => {
      current = false;
    };
    // `load` is a fresh closure each render: the key says what it loads.
  }, [key]);
  return answer?.key === key ? answer.value : null;
}
