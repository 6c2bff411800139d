import { useEffect, useRef, useState } from 'react';
import type { Chart, ChartConfiguration } from 'chart.js';
import { useTranslation } from 'react-i18next';

import type { Language } from '@/config/constants';
import { localeTag } from '@/utils/format';

export interface ChartSeries {
  label: string;
  values: number[];
  /** A line over the bars (capacity), or a bar (stacked with the other bars). */
  kind?: 'bar' | 'line';
}

const COLORS = ['#0f5c78', '#d9932b', '#6f4a9c', '#2f8a52', '#b84c40', '#5b6b7a', '#1c8f9e', '#8c6d1f'];

/**
 * A chart drawn by Chart.js, loaded only when a chart is first shown (never part of the home page's
 * download), with its figures as an accessible summary and a table anyone can open.
 */
export function ChartFigure({
  title,
  labels,
  series,
  format,
  language,
  summary,
  testId,
  stacked = true,
  integer = false,
}: {
  title: string;
  labels: string[];
  series: ChartSeries[];
  format: (value: number) => string;
  language: Language;
  summary: string;
  testId: string;
  stacked?: boolean;
  /** Counts: the value axis has whole steps only. */
  integer?: boolean;
}) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  const [failed, setFailed] = useState(false);
  const rtl = language === 'ar';
  const key = JSON.stringify([labels, series, language]);

  useEffect(() => {
    let chart: Chart | undefined;
    let cancelled = false;
    import('chart.js')
      .then(({ Chart, BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip }) => {
        if (cancelled || !canvas.current) return;
        Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);
        const config: ChartConfiguration<'bar' | 'line', number[], string> = {
          type: 'bar',
          data: {
            labels,
            datasets: series.map((s, i) => ({
              type: s.kind ?? 'bar',
              label: s.label,
              data: s.values,
              backgroundColor: COLORS[i % COLORS.length],
              borderColor: COLORS[i % COLORS.length],
              ...(s.kind === 'line' ? { order: 0, pointRadius: 0, borderWidth: 2, stack: 'line' } : { order: 1, stack: 'bars' }),
            })),
          },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            locale: localeTag(language),
            scales: {
              x: { stacked, reverse: rtl, ticks: { maxRotation: 0, autoSkip: true, autoSkipPadding: 12 } },
              y: { stacked, beginAtZero: true, position: rtl ? 'right' : 'left', ticks: { precision: integer ? 0 : undefined, callback: (value) => format(Number(value)) } },
            },
            plugins: {
              legend: { position: 'bottom', rtl, textDirection: rtl ? 'rtl' : 'ltr', labels: { boxWidth: 12 } },
              tooltip: { rtl, textDirection: rtl ? 'rtl' : 'ltr', callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${format(item.parsed.y ?? 0)}` } },
            },
          },
        };
        chart = new Chart(canvas.current, config);
        setDrawn(true);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      chart?.destroy();
      setDrawn(false);
    };
    // key stands for labels, series and language; format, stacked and integer follow them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return (
    <figure className="chart" data-testid={testId} data-drawn={drawn ? 'true' : 'false'}>
      <figcaption className="chart__title">{title}</figcaption>
      {failed ? <p className="muted small">{t('admin.dashboard.chartFailed')}</p> : null}
      <div className="chart__canvas">
        <canvas ref={canvas} role="img" aria-label={summary} />
      </div>
      <details className="chart__figures">
        <summary>{t('admin.dashboard.showFigures')}</summary>
        <div className="chart__table-scroll">
          <table className="chart__table">
            <thead>
              <tr>
                <th scope="col">{t('admin.dashboard.day')}</th>
                {series.map((s) => (
                  <th key={s.label} scope="col">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {labels.map((label, i) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  {series.map((s) => (
                    <td key={s.label}>{format(s.values[i] ?? 0)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
