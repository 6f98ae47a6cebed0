/**
 * Zustand stores whose changes React renders in transitions (R-DELIVERY-15, decision 0031).
 *
 * Zustand's own hook reads a store through `useSyncExternalStore`, and React renders every change
 * such a hook reports synchronously, in one pass: a page of messages arriving, the conversation
 * list, the directory each became one long task, however the rest of the start-up was cut up. A
 * store made here hands its changes to the components that read it as a transition, which React
 * renders in slices of a few milliseconds with input handled in between. What the synchronous hook
 * guarantees and this one does not: within one render, every component sees the same state. Here
 * two components can show two states of the store for a moment (one took a change, one has yet to),
 * until the transition that brings the change to both commits. The chat's data stores (messages,
 * conversations, people, lists) allow that; the stores that route guards and form fields read
 * (the session, the theme, search) keep Zustand's hook.
 */
import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createStore, type StateCreator, type StoreApi } from 'zustand/vanilla';

/** The hook a store made here is: called with a selector inside components, and the store's API. */
export type TransitionStore<T> = StoreApi<T> & {
  (): T;
  <U>(selector: (state: T) => U): U;
};

const identity = <T>(state: T): T => state;

/**
 * Reads `selector` of the store's state as this component last took it in a transition. A change
 * that makes the selector's result differ (`Object.is`) from what the component shows hands the
 * new state to it in a transition; while that transition is on its way, every further change is
 * handed on too, so the one that commits is the newest. A synchronous render for another reason
 * (a parent, the component's own state) keeps the state it had, so store data never enters a
 * synchronous render but at mount. After each commit the selection is checked against the store
 * again, so a selector that changed with the props catches up in the next transition.
 */
function useTransitionStore<T, U>(api: StoreApi<T>, selector: (state: T) => U): U {
  const [snapshot, setSnapshot] = useState(api.getState);
  const value = selector(snapshot);
  // What the last committed render showed; set at commit, as a render may be thrown away.
  const committed = useRef({ selector, value });
  // The state last handed to React, until a commit shows it.
  const requested = useRef<T | null>(null);
  useLayoutEffect(() => {
    committed.current = { selector, value };
    if (requested.current === snapshot) requested.current = null;
  });
  const catchUp = useRef(() => {
    const latest = api.getState();
    const { selector: select, value: shown } = committed.current;
    if (requested.current === null && Object.is(select(latest), shown)) return;
    if (requested.current === latest) return;
    requested.current = latest;
    startTransition(() => setSnapshot(() => latest));
  }).current;
  useEffect(catchUp);
  useEffect(() => api.subscribe(catchUp), [api, catchUp]);
  return value;
}

/** `create` of Zustand (the curried form the stores use), rendering changes in transitions. */
export function create<T>(): (initializer: StateCreator<T, [], []>) => TransitionStore<T> {
  return (initializer) => {
    const api = createStore<T>()(initializer);
    const useBoundStore = (<U>(selector: (state: T) => U = identity as (state: T) => U) =>
      useTransitionStore(api, selector)) as TransitionStore<T>;
    return Object.assign(useBoundStore, api);
  };
}
