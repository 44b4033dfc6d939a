import 'uplot/dist/uPlot.min.css';
import type { Report } from '@shared/contract/reports';
import { useTranslation } from '@web/lib/i18n';
import { numberFormat } from '@web/lib/intl-format';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { pointLabel } from './report-format';

const HEIGHT = 240;

/** A colour of the page's theme (its CSS custom property), for the canvas, which reads no CSS. */
const themeColour = (element: HTMLElement, name: string, fallback: string) =>
  getComputedStyle(element).getPropertyValue(name).trim() || fallback;

/**
 * Turnover (left axis) and profit (right axis) per day or month, drawn by uPlot on a canvas as wide
 * as its panel (redrawn when the panel changes width, 375 px included). The figures are exact
 * decimals; only their place on the canvas is a float. Its name for screen readers says what it
 * shows; the panel's table view has the figures.
 */
export default function SeriesChart({ series, currency }: { series: Report['series']; currency: string }) {
  const { t, language } = useTranslation('admin');
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const compact = numberFormat(language === 'ru' ? 'ru-RU' : 'en-US', { notation: 'compact' });
    const labels = series.map((point) => pointLabel(point.period, language));
    const accent = themeColour(element, '--color-accent', '#1d4ed8');
    const profitColour = themeColour(element, '--color-success', '#047857');
    const axis = { stroke: themeColour(element, '--color-text-muted', '#475569'), size: 56 };
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: HEIGHT,
        scales: { x: { time: false }, turnover: {}, profit: {} },
        legend: { show: true },
        series: [
          { label: t('reports.series.period'), value: (_, index) => labels[index] ?? '' },
          {
            label: t('reports.series.turnover'),
            scale: 'turnover',
            stroke: accent,
            width: 2,
            points: { show: series.length <= 31 },
            value: (_, value) => (value === null ? '—' : compact.format(value)),
          },
          {
            label: t('reports.series.profit'),
            scale: 'profit',
            stroke: profitColour,
            width: 2,
            dash: [6, 4],
            points: { show: series.length <= 31 },
            value: (_, value) => (value === null ? '—' : compact.format(value)),
          },
        ],
        axes: [
          {
            ...axis,
            values: (_, ticks) => ticks.map((tick) => labels[tick] ?? ''),
            space: 72,
          },
          { ...axis, scale: 'turnover', values: (_, ticks) => ticks.map((tick) => compact.format(tick)) },
          {
            ...axis,
            scale: 'profit',
            side: 1,
            grid: { show: false },
            values: (_, ticks) => ticks.map((tick) => compact.format(tick)),
          },
        ],
      },
      [
        series.map((_, index) => index),
        series.map((point) => Number(point.turnover)),
        series.map((point) => Number(point.profit)),
      ],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [series, language, t]);
  return (
    <div
      ref={frame}
      className="report-chart"
      role="img"
      aria-label={t('reports.series.summary', { currency, count: series.length })}
    />
  );
}
