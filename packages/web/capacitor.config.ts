import type { CapacitorConfig } from '@capacitor/cli';

// The native shells load the built web app (dist) from the device. API calls go to the server
// fixed at build time by STOOP_SERVER_URL (src/services/device/server-url.ts), because the WebView's own
// origin (https://localhost on android, capacitor://localhost on ios) is not the server's.
// `npx cap sync` reads this file, so the same variables apply to both steps of `npm run mobile:sync`.
const serverUrl = process.env.STOOP_SERVER_URL?.trim() ?? '';

// Development only: load the Vite dev server instead of the bundled files, for live reload on a
// device (STOOP_DEV_SERVER_URL=http://192.168.1.20:5173 npx cap run android). Never set for a release.
const devServerUrl = process.env.STOOP_DEV_SERVER_URL?.trim() ?? '';

// An http:// server (a laptop on the LAN, the android emulator's host at 10.0.2.2) needs cleartext
// traffic, which android blocks since API 28, and mixed content, since the app's page is https.
// A release build talks to an https server and keeps both off (docs/mobile.md).
const cleartext = serverUrl.startsWith('http:') || devServerUrl.startsWith('http:');

const config: CapacitorConfig = {
  appId: 'com.stoop.app',
  appName: 'Stoop',
  webDir: 'dist',
  server: {
    androidScheme: 'https',
    ...(devServerUrl ? { url: devServerUrl } : {}),
    ...(cleartext ? { cleartext: true } : {}),
  },
  android: { allowMixedContent: cleartext },
  plugins: {
    PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] },
  },
};

export default config;
