import { useEffect, useState } from 'react';

/** The value once it has stayed unchanged for `ms` (an empty string passes at once: it clears). */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (value === '') {
      setSettled(value);
      return undefined;
    }
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return value === '' ? value : settled;
}
