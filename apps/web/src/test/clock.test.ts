import { describe, expect, it } from 'vitest';
import { TEST_NOW } from './clock.ts';

describe('the web tests’ clock', () => {
  it('starts at the fixed test time, whatever day the suite runs, and keeps running', async () => {
    const start = Date.now();
    expect(start - TEST_NOW.getTime()).toBeGreaterThanOrEqual(0);
    expect(start - TEST_NOW.getTime()).toBeLessThan(5_000);
    expect(new Date().toISOString().slice(0, 10)).toBe('2026-11-21');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(Date.now()).toBeGreaterThan(start);
  });
});
