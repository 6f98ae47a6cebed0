/**
 * vite-plugin-pwa options (used by vite.config.ts, build time only): our own service worker (injectManifest: src/sw.ts built to /sw.js),
 * registered by src/platform/pwa.ts (so injectRegister is off), and the install manifest.
 */
import type { VitePWAOptions } from 'vite-plugin-pwa';

export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['favicon.svg', 'logo.svg', 'offline.html', 'icons/*.png'],
  injectManifest: {
    globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
    // Source maps stay out of the precache; they are only for debugging. So does the chart library
    // of the statistics screen (R-STATS-8), which needs the network anyway: residents' devices
    // would otherwise download it at every update without ever opening that screen.
    globIgnores: ['**/*.map', '**/assets/BarSeries-*.js'],
  },
  manifest: {
    id: '/',
    name: 'Stoop',
    short_name: 'Stoop',
    description: 'The private social network and chat for your apartment community.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: '#f8fafc',
    theme_color: '#0f766e',
    categories: ['social', 'communication'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  devOptions: { enabled: false },
};
