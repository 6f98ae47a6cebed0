import type { CapacitorConfig } from '@capacitor/cli';

// The native shells load the built web app from dist; API calls go to VITE_API_URL (set at build
// time) because the WebView's own origin is not the server's.
const config: CapacitorConfig = {
  appId: 'com.stoop.app',
  appName: 'Stoop',
  webDir: 'dist',
  plugins: {
    PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] },
  },
};

export default config;
