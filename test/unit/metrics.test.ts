import { countMetric, gaugeMetric, METRICS_NAMESPACE } from '@functions/commons/metrics';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

function linesOf(run: () => void): Array<Record<string, unknown>> {
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  run();
  return log.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
}

describe('countMetric', () => {
  it('writes one embedded-metric-format line CloudWatch turns into a count with its dimensions', () => {
    vi.stubEnv('LOG_LEVEL', 'INFO');

    const [line] = linesOf(() => countMetric('StatusChanges', { Status: 'COMPLETED' }));

    expect(line).toMatchObject({
      _aws: {
        Timestamp: expect.any(Number),
        CloudWatchMetrics: [
          {
            Namespace: METRICS_NAMESPACE,
            Dimensions: [['Status']],
            Metrics: [{ Name: 'StatusChanges', Unit: 'Count' }],
          },
        ],
      },
      Status: 'COMPLETED',
      StatusChanges: 1,
    });
  });

  it('has one empty dimension set for a figure without dimensions', () => {
    vi.stubEnv('LOG_LEVEL', 'INFO');

    const [line] = linesOf(() => countMetric('MailsSent'));

    expect(
      (line!._aws as { CloudWatchMetrics: Array<{ Dimensions: unknown }> }).CloudWatchMetrics[0]!.Dimensions,
    ).toEqual([[]]);
    expect(line!.MailsSent).toBe(1);
  });

  it.each(['WARN', 'ERROR'])(
    'still writes its line at LOG_LEVEL=%s, where the logs are quiet: the alarms read it',
    (level) => {
      vi.stubEnv('LOG_LEVEL', level);

      const lines = linesOf(() => countMetric('JobSucceeded', { Job: 'refreshRates' }));

      expect(lines).toEqual([
        expect.objectContaining({
          _aws: expect.objectContaining({
            CloudWatchMetrics: [
              expect.objectContaining({ Metrics: [{ Name: 'JobSucceeded', Unit: 'Count' }] }),
            ],
          }),
          Job: 'refreshRates',
          JobSucceeded: 1,
        }),
      ]);
    },
  );

  it("writes nothing with METRICS=off (the local stack's default) or at the tests' SILENT", () => {
    vi.stubEnv('LOG_LEVEL', 'INFO');
    vi.stubEnv('METRICS', 'off');
    expect(linesOf(() => countMetric('FailedLogins'))).toEqual([]);

    vi.stubEnv('METRICS', '');
    vi.stubEnv('LOG_LEVEL', 'SILENT');
    expect(linesOf(() => countMetric('FailedLogins'))).toEqual([]);
  });
});

describe('gaugeMetric', () => {
  it('writes the level as it is, with its unit and dimensions', () => {
    vi.stubEnv('LOG_LEVEL', 'INFO');

    const [line] = linesOf(() => gaugeMetric('OldestUnsentMailMinutes', 17));

    expect(line).toMatchObject({
      _aws: { CloudWatchMetrics: [{ Dimensions: [[]], Metrics: [{ Name: 'OldestUnsentMailMinutes' }] }] },
      OldestUnsentMailMinutes: 17,
    });
  });
});
