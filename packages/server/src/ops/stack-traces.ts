import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Stack traces that name the TypeScript files, for the compiled server started without
 * `--enable-source-maps`. With that flag node parses, at start, the source map of every module it
 * loads that has one (the bundle's and about 190 of node_modules', 4–5 MB of JSON) and keeps them:
 * about 8 MB of memory for the life of the process and a tenth of a second of start-up
 * (bench/RESULTS.md, "Start-up and memory at rest"). Only the bundle's frames matter for reading a
 * trace of ours, so only the bundle's map is read, and only when a stack trace is first formatted.
 *
 * `bundleUrl` is the bundle's `import.meta.url`. When node maps traces itself (the flag given, or
 * NODE_OPTIONS=--enable-source-maps) this does nothing.
 */
export function mapBundleStackTraces(bundleUrl: string): void {
  if (process.sourceMapsEnabled) return;
  const bundleFile = fileURLToPath(bundleUrl);
  const mapper = lazyMapper(bundleFile);
  Error.prepareStackTrace = (error, frames) => {
    const header = errorHeader(error);
    try {
      return [header, ...frames.map((frame) => `    at ${mapper(frame)}`)].join('\n');
    } catch {
      // A trace without its original positions beats losing the error.
      return [header, ...frames.map((frame) => `    at ${frameText(frame)}`)].join('\n');
    }
  };
}

/** What V8 puts first in a stack: `Name: message`, as Error.prototype.toString writes it. */
function errorHeader(error: Error): string {
  try {
    return Error.prototype.toString.call(error);
  } catch {
    return '<error>';
  }
}

type Frame = NodeJS.CallSite;

/** The frame as V8 writes it (`fn (file:line:column)`); Node's types leave CallSite's own toString out. */
const frameText = (frame: Frame): string => (frame as Frame & { toString(): string }).toString();

/** A frame's text with the bundle's line and column replaced by the source's; the map is read once. */
function lazyMapper(bundleFile: string): (frame: Frame) => string {
  let map: SourceMap | null | undefined;
  const sourceMap = (): SourceMap | null => {
    if (map !== undefined) return map;
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${bundleFile}.map`, 'utf8')) as SourceMapPayload);
    } catch {
      map = null; // no map next to the bundle: traces keep the bundle's positions
    }
    return map;
  };
  const bundleDir = path.dirname(bundleFile);
  return (frame) => {
    const text = frameText(frame);
    const file = frame.getFileName();
    const line = frame.getLineNumber();
    const column = frame.getColumnNumber();
    if (!file || line === null || column === null) return text;
    if (file !== bundleFile && !(file.startsWith('file:') && fileURLToPath(file) === bundleFile)) return text;
    const entry = sourceMap()?.findEntry(line - 1, column - 1);
    if (!entry || !('originalSource' in entry)) return text;
    const source = path.resolve(bundleDir, entry.originalSource);
    return text.replace(
      `${file}:${line}:${column}`,
      `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`,
    );
  };
}

type SourceMapPayload = ConstructorParameters<typeof SourceMap>[0];
