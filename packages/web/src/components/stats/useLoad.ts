/** Loads once on mount and on `reload`; a load that a newer one replaced is ignored. */
import { useCallback, useEffect, useRef, useState } from 'react';

export type Loadable<T> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

export function useLoad<T>(load: () => Promise<T>): {
  state: Loadable<T>;
  reload: () => void;
  /** Replaces the data (after a change the server answered with the new state). */
  set: (data: T) => void;
} {
  const [state, setState] = useState<Loadable<T>>({ status: 'loading' });
  const latest = useRef(0);
  const run = useCallback(() => {
    const ticket = ++latest.current;
    setState({ status: 'loading' });
    load().then(
      (data) => {
        if (ticket === latest.current) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (ticket === latest.current)
          setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
  }, [load]);
  useEffect(() => {
    run();
    return () => {
      latest.current += 1;
    };
  }, [run]);
  const set = useCallback((data: T) => {
    latest.current += 1;
    setState({ status: 'ready', data });
  }, []);
  return { state, reload: run, set };
}
