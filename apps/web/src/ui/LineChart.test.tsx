import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LineChart, yScale } from './LineChart.tsx';

afterEach(cleanup);

const hour = (h: number) => `${h % 12 || 12} ${h < 12 ? 'am' : 'pm'}`;

describe('yScale', () => {
  it('runs from 0 to a nice maximum', () => {
    expect(yScale([3, 87, 41])).toEqual({ min: 0, max: 100, ticks: [0, 25, 50, 75, 100] });
    expect(yScale([0.3, 1.7])).toEqual({ min: 0, max: 2, ticks: [0, 0.5, 1, 1.5, 2] });
  });

  it('goes below 0 for negative data and has a range when all values are 0', () => {
    expect(yScale([-3, 7]).min).toBeLessThan(-2.9);
    expect(yScale([]).max).toBe(1);
    expect(yScale([0, 0])).toEqual({ min: 0, max: 1, ticks: [0, 1] });
  });
});

describe('LineChart', () => {
  const chart = () =>
    render(
      <LineChart
        title="Attendance"
        xDomain={[6, 9]}
        xTicks={[6, 7, 8, 9]}
        formatX={hour}
        yUnit="people"
        series={[
          { name: 'Swimmers', color: '#2e7d32', points: [6, 7, 8, 9].map((x) => ({ x, y: x * 10 })) },
          {
            name: 'Crafts',
            color: '#6a1b9a',
            points: [
              { x: 6, y: 1 },
              { x: 7, y: 2 },
              { x: 8, y: null },
              { x: 9, y: 4 },
            ],
          },
        ]}
        markers={[{ x: 7, y: 20, label: 'Wind from the south', direction: 'down' }]}
      />,
    );

  it('is an image with a summary of every series', () => {
    chart();
    const img = screen.getByRole('img');
    expect(img.getAttribute('aria-label')).toBe(
      'Attendance, 6 am to 9 am. Swimmers from 60 to 90 people; Crafts from 1 to 4 people.',
    );
  });

  it('has a data table for screen readers, gaps read as "No data"', () => {
    chart();
    const table = screen.getByRole('table', { name: 'Attendance' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Time', 'Swimmers people', 'Crafts people'],
      ['6 am', '60', '1'],
      ['7 am', '70', '2'],
      ['8 am', '80', 'No data'],
      ['9 am', '90', '4'],
    ]);
  });

  it('breaks a line at a missing value instead of drawing it as zero', () => {
    const { container } = chart();
    const crafts = container.querySelector('[data-series="Crafts"]')!;
    // 6-7 is one segment; 9 stands alone as a point.
    expect(crafts.querySelectorAll('path')).toHaveLength(1);
    expect(crafts.querySelectorAll('circle')).toHaveLength(3);
    expect(
      container.querySelector('[data-series="Swimmers"] path')?.getAttribute('d')?.split('L'),
    ).toHaveLength(4);
  });

  it('labels the x ticks and y gridlines, and draws markers with their label', () => {
    const { container } = chart();
    const axis = container.querySelector('[data-testid="chart-x-axis"]')!;
    expect([...axis.querySelectorAll('text')].map((t) => t.textContent)).toEqual([
      '6 am',
      '7 am',
      '8 am',
      '9 am',
    ]);
    expect([...container.querySelectorAll('.chart__grid text')].map((t) => t.textContent)).toEqual([
      '0',
      '25',
      '50',
      '75',
      '100',
    ]);
    const marker = container.querySelector('.chart__marker')!;
    expect(marker.querySelector('title')?.textContent).toBe('Wind from the south');
    expect(marker.getAttribute('transform')).toContain('rotate(180)');
  });
});
