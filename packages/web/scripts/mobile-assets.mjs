#!/usr/bin/env node
// Writes the native launcher icons and splash screens from the web app's vector logo
// (public/logo.svg), over the files `npx cap add` created, keeping their names and sizes so the
// generated Android resources and iOS Contents.json stay valid. Run it after changing the logo:
//   node packages/web/scripts/mobile-assets.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const webDir = new URL('..', import.meta.url).pathname;
const androidRes = join(webDir, 'android/app/src/main/res');
const iosAssets = join(webDir, 'ios/App/App/Assets.xcassets');

// The splash background is the web manifest's background_color (src/services/pwa/pwa-config.ts).
const SPLASH_BACKGROUND = '#f8fafc';

const logo = readFileSync(join(webDir, 'public/logo.svg'), 'utf8');
const tile = /<rect width="64" height="64" rx="14" fill="(#[0-9a-fA-F]{6})"\/>/.exec(logo);
if (!tile)
  throw new Error('public/logo.svg no longer starts with its 64×64 coloured tile; update this script');
const brandColor = tile[1];
const motif = logo.slice(logo.indexOf('>') + 1, logo.lastIndexOf('</svg>')).replace(tile[0], '');

/** The logo's motif over an optional square background, the motif scaled to `motifShare` of the side. */
function svg({ background, radius = 0, motifShare = 1 }) {
  const offset = (64 * (1 - motifShare)) / 2;
  const backdrop = background ? `<rect width="64" height="64" rx="${radius}" fill="${background}"/>` : '';
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${backdrop}` +
      `<g transform="translate(${offset} ${offset}) scale(${motifShare})">${motif}</g></svg>`,
  );
}

const render = (source, size) =>
  sharp(source, { density: Math.max(72, (72 * size) / 64) }).resize(size, size);

async function writePng(image, path) {
  await image.png({ compressionLevel: 9 }).toFile(path);
  console.log(`wrote ${path.slice(webDir.length)}`);
}

/** The logo, centred on a plain background, its side a third of the shorter edge. */
async function splash(width, height, path) {
  const side = Math.round(Math.min(width, height) / 3);
  const mark = await render(svg({ background: brandColor, radius: 14 }), side)
    .png()
    .toBuffer();
  const canvas = sharp({ create: { width, height, channels: 3, background: SPLASH_BACKGROUND } });
  await writePng(canvas.composite([{ input: mark, gravity: 'centre' }]), path);
}

const densities = { mdpi: 1, hdpi: 1.5, xhdpi: 2, xxhdpi: 3, xxxhdpi: 4 };

for (const [density, scale] of Object.entries(densities)) {
  const dir = join(androidRes, `mipmap-${density}`);
  const launcher = 48 * scale;
  // Legacy launchers (before Android 8) show the PNG as it is: the rounded tile and a round one.
  await writePng(render(svg({ background: brandColor, radius: 14 }), launcher), join(dir, 'ic_launcher.png'));
  await writePng(
    render(svg({ background: brandColor, radius: 32, motifShare: 0.8 }), launcher),
    join(dir, 'ic_launcher_round.png'),
  );
  // Adaptive icon foreground: 108dp with the motif inside the 66dp safe zone the launcher never crops.
  await writePng(render(svg({ motifShare: 0.6 }), 108 * scale), join(dir, 'ic_launcher_foreground.png'));
}
writeFileSync(
  join(androidRes, 'values/ic_launcher_background.xml'),
  `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <color name="ic_launcher_background">${brandColor.toUpperCase()}</color>\n</resources>`,
);

const splashSizes = {
  mdpi: [320, 480],
  hdpi: [480, 800],
  xhdpi: [720, 1280],
  xxhdpi: [960, 1600],
  xxxhdpi: [1280, 1920],
};
for (const [density, [short, long]] of Object.entries(splashSizes)) {
  await splash(short, long, join(androidRes, `drawable-port-${density}/splash.png`));
  await splash(long, short, join(androidRes, `drawable-land-${density}/splash.png`));
}
await splash(480, 320, join(androidRes, 'drawable/splash.png'));

// iOS masks the icon itself and rejects transparency, so the tile is square and flattened.
await writePng(
  render(svg({ background: brandColor, motifShare: 0.8 }), 1024).flatten({ background: brandColor }),
  join(iosAssets, 'AppIcon.appiconset/AppIcon-512@2x.png'),
);
for (const name of ['splash-2732x2732.png', 'splash-2732x2732-1.png', 'splash-2732x2732-2.png']) {
  await splash(2732, 2732, join(iosAssets, 'Splash.imageset', name));
}

// The web push badge (R-PUSH-10): the motif alone in white; Android draws only its alpha.
const silhouette = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `${motif.replace(/fill="#[0-9a-fA-F]{3,6}"/g, 'fill="#fff"')}</svg>`,
);
await writePng(render(silhouette, 96), join(webDir, 'public/icons/badge-96.png'));
