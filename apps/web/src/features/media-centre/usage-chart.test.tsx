import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { niceStep, UsageChart } from './usage-chart.tsx';

const MONTHS = [
  { month: '2026-09', views: 40, plays: 12, downloads: 3 },
  { month: '2026-10', views: 1200, plays: 31, downloads: 0 },
  { month: '2026-11', views: 0, plays: 0, downloads: 0 },
];

describe('UsageChart', () => {
  it('is an image named by its caption and described by the totals and the busiest month', () => {
    render(<UsageChart months={MONTHS} />);
    const chart = screen.getByRole('img', { name: 'Nutzung je Monat' });
    expect(chart).toHaveAccessibleDescription(
      'September 2026 bis November 2026: insgesamt 43 Wiedergaben, 3 Downloads und 1.240 Aufrufe. ' +
        'Die meisten Wiedergaben gab es im Oktober 2026 (31).',
    );
    // One group of three bars per month, each month's values in its tooltip.
    expect(chart.querySelectorAll('g > title')).toHaveLength(3);
    expect(chart.querySelector('g > title')?.textContent).toBe(
      'September 2026: 12 Wiedergaben, 3 Downloads, 40 Aufrufe',
    );
    expect(chart.querySelectorAll('rect[fill^="url(#"]')).toHaveLength(9);
    const legend = screen.getByRole('list', { name: 'Legende' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Wiedergaben', 'Downloads', 'Aufrufe']);
  });

  it('shows its values as a table on request', async () => {
    render(<UsageChart months={MONTHS} />);
    expect(screen.queryByRole('table')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Werte des Diagramms als Tabelle zeigen' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = screen.getByRole('table', { name: 'Werte des Diagramms: Nutzung je Monat' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Monat', 'Wiedergaben', 'Downloads', 'Aufrufe'],
      ['September 2026', '12', '3', '40'],
      ['Oktober 2026', '31', '0', '1.200'],
      ['November 2026', '0', '0', '0'],
    ]);
    await userEvent.click(
      screen.getByRole('button', { name: 'Tabelle der Diagrammwerte ausblenden' }),
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says nothing of a busiest month when nothing was played', () => {
    render(<UsageChart months={[{ month: '2026-11', views: 2, plays: 0, downloads: 0 }]} />);
    expect(screen.getByRole('img', { name: 'Nutzung je Monat' })).toHaveAccessibleDescription(
      'November 2026 bis November 2026: insgesamt 0 Wiedergaben, 0 Downloads und 2 Aufrufe.',
    );
  });
});

describe('niceStep', () => {
  it('rounds an axis step up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect([0, 0.75, 3, 9.25, 21, 300, 301].map(niceStep)).toEqual([1, 1, 5, 10, 25, 500, 500]);
  });
});
