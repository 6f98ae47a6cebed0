import type sharpModule from 'sharp';

let loading: Promise<typeof sharpModule> | undefined;

/**
 * sharp (and libvips under it) loads with the first image, not at start-up: most starts never
 * touch one, and loading it cost every start tens of milliseconds.
 */
export function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
