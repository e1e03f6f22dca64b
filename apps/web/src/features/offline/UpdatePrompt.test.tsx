import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceUpdate } from './service-worker.ts';
import { UpdatePrompt } from './UpdatePrompt.tsx';

afterEach(() => {
  cleanup();
  act(() => announceUpdate(null));
});

describe('the new-version prompt', () => {
  it('stays empty until a new service worker waits, then names the version and applies it on Reload', async () => {
    const apply = vi.fn(() => new Promise<void>(() => undefined));
    render(<UpdatePrompt />);
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');

    act(() => announceUpdate({ version: '1.2.3', apply }));
    expect(region.textContent).toContain('A new version of SafeShore (1.2.3) is ready.');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledTimes(1);
    // While the new version takes over, a second press does nothing.
    expect(screen.getByRole('button', { name: 'Reloading…' })).toHaveProperty('disabled', true);
  });

  it('without a version (offline) it still offers the update; Not now hides it until the next one', async () => {
    render(<UpdatePrompt />);
    act(() => announceUpdate({ version: null, apply: async () => undefined }));
    expect(screen.getByRole('status').textContent).toContain('A new version of SafeShore is ready.');
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.getByRole('status').textContent).toBe('');
    act(() => announceUpdate({ version: '1.2.4', apply: async () => undefined }));
    expect(screen.getByRole('status').textContent).toContain('(1.2.4)');
  });

  it('a failed switch lets the user try again', async () => {
    const apply = vi.fn(() => Promise.reject(new Error('no worker')));
    render(<UpdatePrompt />);
    act(() => announceUpdate({ version: '1.2.3', apply }));
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByRole('button', { name: 'Reload' })).toHaveProperty('disabled', false);
  });
});
