import fs from 'node:fs';

/**
 * Reads a Vitest JSON report (`--reporter=json --outputFile.json=FILE`) and prints what failed:
 * each failed test with its message on stderr, and one line per failed file on stdout,
 * "<path>\t<start time in epoch seconds>", for scripts/test-shifted-clocks.sh to rerun that file
 * from the moment (on the moved clock) it started the first time.
 *
 *   node scripts/vitest-failures.ts REPORT.json
 */

interface AssertionResult {
  fullName?: string;
  title?: string;
  status: string;
  failureMessages?: string[];
}
interface FileResult {
  name: string;
  status: string;
  startTime?: number;
  message?: string;
  assertionResults?: AssertionResult[];
}
export interface FailedFile {
  file: string;
  /** When the file started, in epoch milliseconds of the (moved) clock. */
  startedAt: number | null;
  tests: Array<{ name: string; message: string }>;
}

export function failedFiles(report: { testResults?: FileResult[] }, root: string): FailedFile[] {
  const failed: FailedFile[] = [];
  for (const file of report.testResults ?? []) {
    const tests = (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => ({
        name: test.fullName ?? test.title ?? '(unnamed test)',
        message: (test.failureMessages ?? []).join('\n').split('\n').slice(0, 12).join('\n'),
      }));
    if (file.status !== 'failed' && tests.length === 0) continue;
    if (tests.length === 0) tests.push({ name: '(the file itself)', message: file.message ?? '' });
    const relative = file.name.startsWith(root + '/') ? file.name.slice(root.length + 1) : file.name;
    failed.push({
      file: relative,
      startedAt: typeof file.startTime === 'number' ? file.startTime : null,
      tests,
    });
  }
  return failed;
}

if (import.meta.main) {
  const reportPath = process.argv[2];
  if (!reportPath) {
    console.error('Usage: node scripts/vitest-failures.ts REPORT.json');
    process.exit(2);
  }
  let report: { testResults?: FileResult[] };
  try {
    report = JSON.parse(fs.readFileSync(reportPath, 'utf8')) as typeof report;
  } catch (error) {
    console.error(`No readable Vitest report at ${reportPath}: ${String(error)}`);
    process.exit(1);
  }
  for (const file of failedFiles(report, process.cwd())) {
    for (const test of file.tests) console.error(`FAILED ${file.file} > ${test.name}\n${test.message}\n`);
    const seconds = file.startedAt === null ? '' : String(Math.floor(file.startedAt / 1000));
    console.log(`${file.file}\t${seconds}`);
  }
}
