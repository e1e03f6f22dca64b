import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { PromotionTiles } from './PromotionTiles.tsx';

afterEach(cleanup);

function show(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <PromotionTiles />
    </MemoryRouter>,
  );
  return within(screen.getByRole('region', { name: 'Learn and support' }));
}

const titles = (tiles: ReturnType<typeof show>) =>
  tiles.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('PromotionTiles', () => {
  it('shows the four tiles on a page none of them links to', () => {
    expect(titles(show('/'))).toEqual([
      'Spot the rip',
      'Your beach safety passport',
      'SafeShore on your phone',
      'Support surf lifesavers',
    ]);
  });

  it.each([
    ['/surf-safety/ripcurrents', 'Spot the rip'],
    ['/surf-safety/ripcurrents/', 'Spot the rip'],
    ['/surf-safety', 'Your beach safety passport'],
  ])('leaves out the tile that links to the page it is on: %s (issue 30)', (path, title) => {
    const tiles = show(path);
    expect(titles(tiles)).not.toContain(title);
    expect(titles(tiles)).toHaveLength(3);
    expect(tiles.getAllByRole('link').map((a) => a.getAttribute('href'))).not.toContain(
      path.replace(/\/$/, ''),
    );
  });
});
