/**
 * Navigation for code outside React (socket events): the app registers its router here. Without
 * one (tests, or before the router exists) a full page load does the same job.
 */
type Navigate = (path: string) => void;

let navigator: Navigate | null = null;

/** Registers the router's navigate; returns a function that unregisters it. */
export function setNavigator(navigate: Navigate): () => void {
  navigator = navigate;
  return () => {
    if (navigator === navigate) navigator = null;
  };
}

/** Replaces the current entry: the page being left is no longer allowed. */
export function navigateTo(path: string): void {
  if (navigator) navigator(path);
  else window.location.replace(path);
}
