import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock.ts';
import { beach } from '../../test/fixtures.ts';
import { BeachConditions } from './index.ts';
import { weatherFixture } from './test-fixtures.ts';

beforeEach(() => {
  if (typeof CSS === 'undefined')
    vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/["\\]/g, '\\$&') });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('conditions entry points (lazy-loaded)', () => {
  it('show the loading card, then the tabs from one weather request', { timeout: 15_000 }, async () => {
    const api = mockApi({ 'GET /api/v4/beach/1/weather': [200, weatherFixture()] });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BeachConditions beach={beach()} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Conditions' })).toBeTruthy();
    // The first dynamic import transforms the whole conditions module graph: allow it time.
    expect(await screen.findByRole('tab', { name: 'Weather' }, { timeout: 10_000 })).toBeTruthy();
    // One weather request; the rip outlook (issue 29) is its own.
    expect(api.calls.map((c) => c.path).sort()).toEqual([
      '/api/v4/beach/1/weather',
      '/api/v5/beach/1/rip-outlook',
    ]);
  });
});
