import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConditionsTabs } from './ConditionsTabs.tsx';

afterEach(cleanup);

const TABS = [
  { id: 'weather', label: 'Weather' },
  { id: 'swell', label: 'Swell' },
  { id: 'tide', label: 'Tide' },
] as const;

function Harness() {
  const [tab, setTab] = useState<(typeof TABS)[number]['id']>('weather');
  return (
    <>
      <button type="button">Before</button>
      <ConditionsTabs label="Conditions" tabs={TABS} selected={tab} onSelect={setTab}>
        <p>Panel of {tab}</p>
        {tab === 'swell' && <a href="#swell">A link in the panel</a>}
      </ConditionsTabs>
      <button type="button">After</button>
    </>
  );
}

const selectedTab = () => screen.getByRole('tab', { selected: true });

describe('ConditionsTabs', () => {
  it('has tab semantics: a labelled tab list, one selected tab controlling the labelled panel', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Conditions' }).getAttribute('aria-orientation')).toBe(
      'horizontal',
    );
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Weather', 'Swell', 'Tide']);
    const tab = selectedTab();
    expect(tab.textContent).toBe('Weather');
    const panel = screen.getByRole('tabpanel', { name: 'Weather' });
    expect(tab.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.textContent).toBe('Panel of weather');
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    for (const other of screen.getAllByRole('tab', { selected: false })) {
      expect(other.getAttribute('aria-controls')).toBeNull();
    }
  });

  it("keeps only the selected tab in the tab order, then the panel's own controls (the panel is no stop)", async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Before' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Weather' }));
    // A panel of text: Tab goes on past it (issue 30: the tide panel was a stop of its own).
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
    // A panel with a link: Tab goes from the tab to the link.
    await userEvent.tab({ shift: true });
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Swell' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'A link in the panel' }));
  });

  it('moves focus and selection with the arrows (wrapping), Home and End', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('tab', { name: 'Weather' }));
    const expectSelected = (name: string) => {
      expect(selectedTab().textContent).toBe(name);
      expect(document.activeElement).toBe(selectedTab());
      expect(screen.getByRole('tabpanel', { name }).textContent).toContain(`Panel of ${name.toLowerCase()}`);
    };
    await userEvent.keyboard('{ArrowRight}');
    expectSelected('Swell');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expectSelected('Weather');
    await userEvent.keyboard('{ArrowLeft}');
    expectSelected('Tide');
    await userEvent.keyboard('{Home}');
    expectSelected('Weather');
    await userEvent.keyboard('{End}');
    expectSelected('Tide');
    expect(screen.getAllByRole('tab').filter((t) => t.tabIndex === 0)).toEqual([selectedTab()]);
  });

  it('selects a tab on click', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('tab', { name: 'Tide' }));
    expect(selectedTab().textContent).toBe('Tide');
    expect(screen.getByRole('tabpanel', { name: 'Tide' }).textContent).toBe('Panel of tide');
  });
});
