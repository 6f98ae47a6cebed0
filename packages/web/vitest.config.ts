import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    // Tests run in a new random order every run (the seed is printed): no test may lean on another.
    sequence: { shuffle: true },
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
  },
});
