import { defineProject } from 'vitest/config';

export default defineProject({
  // The header shows the app version, which Vite defines at build time.
  define: { __APP_VERSION__: JSON.stringify('0.0.0-test') },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // A fixed start for Date in every test (src/test/clock.ts), so none depends on the day it runs.
    setupFiles: ['src/test/clock.ts'],
  },
});
