import type { ActivityStatsData } from '@shared/contract/admin';
import { useTranslation } from '@web/lib/i18n';
import { formatDate } from '../lib/format';

type Day = ActivityStatsData['days'][number];
const SERIES = ['createdApplications', 'completedApplications', 'newUsers'] as const;
const WIDTH = 600;
const HEIGHT = 160;
const PAD = { top: 8, right: 8, bottom: 20, left: 28 };

/**
 * The 30-day activity as an SVG chart (no chart library): bars for created applications, lines
 * for completed applications and new users. The same figures are in a visually hidden table for
 * screen readers.
 */
export function ActivityChart({ days }: { days: Day[] }) {
  const { t, language } = useTranslation('admin');
  if (days.length === 0) return <p className="muted">{t('dashboard.noData')}</p>;
  const max = Math.max(1, ...days.flatMap((day) => SERIES.map((series) => day[series])));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const step = plotWidth / days.length;
  const y = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  const x = (index: number) => PAD.left + step * index + step / 2;
  const line = (series: (typeof SERIES)[number]) =>
    days
      .map((day, index) => `${index === 0 ? 'M' : 'L'}${x(index).toFixed(1)},${y(day[series]).toFixed(1)}`)
      .join('');
  const first = days[0]!;
  const last = days[days.length - 1]!;

  return (
    <figure className="activity">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="activity__svg"
        role="img"
        aria-label={t('dashboard.activity.summary', {
          from: formatDate(first.date, language),
          to: formatDate(last.date, language),
        })}
      >
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} className="activity__axis" />
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(max)} y2={y(max)} className="activity__grid" />
        <text x={PAD.left - 4} y={y(max) + 4} className="activity__tick" textAnchor="end">
          {max}
        </text>
        <text x={PAD.left - 4} y={y(0) + 4} className="activity__tick" textAnchor="end">
          0
        </text>
        {days.map((day, index) => (
          <rect
            key={day.date}
            x={x(index) - step * 0.3}
            width={step * 0.6}
            y={y(day.createdApplications)}
            height={Math.max(0, y(0) - y(day.createdApplications))}
            className="activity__bar"
          />
        ))}
        <path d={line('completedApplications')} className="activity__line activity__line--completed" />
        <path d={line('newUsers')} className="activity__line activity__line--users" />
        <text x={PAD.left} y={HEIGHT - 4} className="activity__tick">
          {formatDate(first.date, language)}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 4} className="activity__tick" textAnchor="end">
          {formatDate(last.date, language)}
        </text>
      </svg>
      <figcaption className="activity__legend">
        {SERIES.map((series) => (
          <span key={series} className={`activity__key activity__key--${series}`}>
            {t(`dashboard.activity.${series}`)}
          </span>
        ))}
      </figcaption>
      <div className="visually-hidden">
        <table>
          <caption>{t('dashboard.activity.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.activity.date')}</th>
              {SERIES.map((series) => (
                <th key={series} scope="col">
                  {t(`dashboard.activity.${series}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatDate(day.date, language)}</th>
                {SERIES.map((series) => (
                  <td key={series}>{day[series]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
