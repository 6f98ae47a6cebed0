/**
 * Filling in a route table path, in a module of its own: the web build replaces the route table
 * with its methods and paths alone (packages/web/vite.config.ts) and takes this from here.
 */

/** A table path with its `:name` parameters filled in (URI-encoded). */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
