import { useEffect, useState } from 'react';

/** `value` once it has not changed for `delay` milliseconds (typing into a filter). */
export function useDebouncedValue<Value>(value: Value, delay = 300): Value {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSettled(value);
    }, delay);
    return () => {
      clearTimeout(timer);
    };
  }, [value, delay]);
  return settled;
}
