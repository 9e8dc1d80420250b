/**
 * A component in a chunk of its own, loaded when first needed (a drawer, a dialog): the page paints
 * and hydrates without it. Not React.lazy: a chunk that cannot load (offline, before the service
 * worker has cached it) would throw during render and take the page down to its error screen; here
 * the request answers false, and the next one tries again (with retryable-import.ts, under a URL
 * the browser has not tried yet).
 */
import { useCallback, useState, type ComponentType } from 'react';

export function useOnDemand<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): [ComponentType<Props> | null, () => Promise<boolean>] {
  const [component, setComponent] = useState<ComponentType<Props> | null>(null);
  const request = useCallback(async () => {
    try {
      const loaded = await load();
      setComponent(() => loaded);
      return true;
    } catch {
      return false;
    }
  }, [load]);
  return [component, request];
}
