/**
 * A ref that is true while the component is mounted: long work started from a click (a bulk run)
 * checks it before setting state, and carries on quietly once the page has gone.
 */
import { useEffect, useRef, type RefObject } from 'react';

export function useMountedRef(): RefObject<boolean> {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}
