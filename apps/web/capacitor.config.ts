import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The Capacitor app shell around the web build (`npm run cap:sync` copies dist/ into the native
 * projects). The splash screen stays up until the app hides it, 4 s after start (spec section 9).
 * Pages load from https://localhost on Android and capacitor://localhost on iOS, so the API must
 * list those origins in CORS_ORIGINS, and the build must say where the API is
 * (VITE_API_BASE_PRODUCTION, optionally VITE_API_BASE_STAGING).
 */
const config: CapacitorConfig = {
  appId: 'au.safeshore.app',
  appName: 'SafeShore',
  webDir: 'dist',
  server: {
    androidScheme: 'https',
  },
  plugins: {
    SplashScreen: {
      launchAutoHide: false,
      backgroundColor: '#0b2545',
    },
    PushNotifications: {
      presentationOptions: ['badge', 'sound', 'alert'],
    },
  },
};

export default config;
