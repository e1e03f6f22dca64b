import { describe, expect, it } from 'vitest';
import { failedFiles } from './vitest-failures.ts';

describe('failedFiles', () => {
  it('lists failed files with their start time and failed tests, relative to the root', () => {
    const report = {
      testResults: [
        { name: '/repo/apps/api/test/a.test.ts', status: 'passed', startTime: 1, assertionResults: [] },
        {
          name: '/repo/apps/api/test/b.test.ts',
          status: 'failed',
          startTime: 1_791_043_205_123,
          assertionResults: [
            { fullName: 'b works', status: 'passed' },
            {
              fullName: 'b on a DST day',
              status: 'failed',
              failureMessages: ['AssertionError: expected 1 to be 2'],
            },
          ],
        },
        { name: '/elsewhere/c.test.ts', status: 'failed', message: 'Cannot find module x' },
      ],
    };
    expect(failedFiles(report, '/repo')).toEqual([
      {
        file: 'apps/api/test/b.test.ts',
        startedAt: 1_791_043_205_123,
        tests: [{ name: 'b on a DST day', message: 'AssertionError: expected 1 to be 2' }],
      },
      {
        file: '/elsewhere/c.test.ts',
        startedAt: null,
        tests: [{ name: '(the file itself)', message: 'Cannot find module x' }],
      },
    ]);
  });

  it('finds nothing in a passing report', () => {
    expect(failedFiles({ testResults: [{ name: '/r/a.test.ts', status: 'passed' }] }, '/r')).toEqual([]);
  });
});
