/**
 * How the web build groups modules into chunks (R-DELIVERY-8), by where they are reached from
 * through static imports:
 * - everything the entry (src/main.tsx) reaches is one chunk: every page loads all of it anyway;
 * - what the signed-in layout reaches beyond that is the `shell` chunk, and what a conversation's
 *   page reaches beyond both is the `conversation` chunk (CONVERSATION_SCREEN_MODULES), unless a
 *   public page reaches it too: a public page loads no signed-in code (R-DELIVERY-7);
 * - the icons a conversation's first screen can draw are the `icons` chunk, all others
 *   `icons-more`, which loads with the first dialog, picker or page that needs one.
 * Rolldown's default, one chunk per set of screens sharing a module, made the channel page load
 * some 40 files of which half were under 1 KB: every one a request and a module to link, and
 * compressed apart (gzip of the files together was 13 KB smaller than of the files one by one).
 * A page loading one module of a group loads the whole group: for `shell`, every signed-in page
 * loads the layout anyway; a signed-in page that shares a store or component with the
 * conversation's page loads that page's code with it, and later opens a conversation at once.
 */
import { readFileSync } from 'node:fs';
import type { Rolldown } from 'vite';
import { CONVERSATION_SCREEN_MODULES } from '../../shared/src/first-view.ts';

const web = (path: string) => new URL(`../${path}`, import.meta.url).pathname;
const ENTRY = web('src/main.tsx');
const [LAYOUT, CONVERSATION] = CONVERSATION_SCREEN_MODULES.map(web) as [string, string];
const PUBLIC_PAGES = web('src/pages/public/');
/**
 * @stoop/shared's modules are free of side effects (vite.config.ts): an import through its index
 * may bring nothing (the schemas and zod behind a constant's import). The walk does not go on
 * from them, so only what a module of the app imports itself is grouped.
 */
const SHARED = /packages[\\/]shared[\\/]src[\\/]/;

const ICON_MODULE = /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([^\\/]+)\.mjs$/;
/** lucide-react's index and the `icons` namespace it re-exports. */
const ICON_INDEX = /lucide-react[\\/]dist[\\/]esm[\\/](lucide-react|icons[\\/]index)\.mjs$/;

/** Each icon file's exported names in lucide-react's index (`Heart`, `HeartIcon`, `LucideHeart`). */
function iconNamesByFile(): Map<string, string[]> {
  const index = new URL('../../../node_modules/lucide-react/dist/esm/lucide-react.mjs', import.meta.url);
  const names = new Map<string, string[]>();
  for (const [, list, file] of readFileSync(index, 'utf8').matchAll(
    /export \{ ([^}]+) \} from '\.\/icons\/([^']+)\.mjs';/g,
  ))
    names.set(
      file!,
      [...list!.matchAll(/default as (\w+)/g)].map((match) => match[1]!),
    );
  return names;
}

/** The names a module imports from lucide-react's index (the exported name of `A as B`). */
function importedIconNames(code: string | null): Set<string> {
  const names = new Set<string>();
  for (const [, list] of (code ?? '').matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g))
    for (const specifier of list!.split(',')) names.add(specifier.trim().split(/\s+as\s+/)[0]!);
  return names;
}

/** The chunk name of each module, for `codeSplitting.groups`; null leaves a module to the default. */
export function chunkOfModule(): Rolldown.CodeSplittingNameFunction {
  const namesByFile = iconNamesByFile();
  type Ctx = Rolldown.ChunkingContext;
  /**
   * The modules the roots reach through static imports, not going on from a module of
   * @stoop/shared (see SHARED). Worked out once, on the first call, when the graph is complete.
   */
  const staticallyFrom = (roots: string[], ctx: Ctx): Set<string> => {
    const found = new Set<string>();
    const stack = [...roots];
    for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
      if (found.has(id)) continue;
      found.add(id);
      if (!SHARED.test(id)) stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    return found;
  };
  /** Every module of the build, static and dynamic imports alike, from the entry. */
  const everyModule = (ctx: Ctx): Set<string> => {
    const found = new Set<string>();
    const stack = [ENTRY];
    for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
      if (found.has(id)) continue;
      found.add(id);
      const info = ctx.getModuleInfo(id);
      stack.push(...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? []));
    }
    return found;
  };
  let reached: Record<'entry' | 'layout' | 'conversation' | 'publicPages', Set<string>> | undefined;
  const reach = (ctx: Ctx) =>
    (reached ??= {
      entry: staticallyFrom([ENTRY], ctx),
      layout: staticallyFrom([LAYOUT], ctx),
      conversation: staticallyFrom([CONVERSATION], ctx),
      publicPages: staticallyFrom(
        [...everyModule(ctx)].filter((id) => id.startsWith(PUBLIC_PAGES)),
        ctx,
      ),
    });

  /** The modules that use an icon, through lucide-react's index: those naming it in their import. */
  const indexUsers = (index: string, names: string[], ctx: Ctx): string[] =>
    (ctx.getModuleInfo(index)?.importers ?? []).flatMap((user) => {
      if (ICON_INDEX.test(user)) return indexUsers(user, names, ctx);
      const imported = importedIconNames(ctx.getModuleInfo(user)?.code ?? null);
      return names.some((name) => imported.has(name)) ? [user] : [];
    });
  const iconUsers = (icon: string, names: string[], ctx: Ctx): string[] =>
    (ctx.getModuleInfo(icon)?.importers ?? []).flatMap((importer) =>
      ICON_INDEX.test(importer) ? indexUsers(importer, names, ctx) : [importer],
    );

  return (id, ctx) => {
    const icon = ICON_MODULE.exec(id)?.[1];
    if (icon !== undefined) {
      const users = iconUsers(id, namesByFile.get(icon) ?? [], ctx);
      const { layout, conversation } = reach(ctx);
      const drawn = users.some((user) => layout.has(user) || conversation.has(user));
      return drawn ? 'icons' : 'icons-more';
    }
    // The screens' own modules keep their chunks, named in the manifest (the server names them in a
    // conversation's page, R-DELIVERY-14): the groups are what they import.
    if (id === ENTRY || id === LAYOUT || id === CONVERSATION) return null;
    const { entry, layout, conversation, publicPages } = reach(ctx);
    if (entry.has(id)) return 'app';
    if (publicPages.has(id)) return null;
    if (layout.has(id)) return 'shell';
    if (conversation.has(id)) return 'conversation';
    return null;
  };
}
