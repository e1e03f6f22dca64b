import { useId, useState } from 'react';
import { Link } from 'react-router';
import { IMPORT_KINDS, type ImportKind, type ImportReport } from '@safeshore/domain';
import { usePageTitle } from '../../app/page-title.ts';
import { uploadImport } from '../../data/console.ts';
import { useSession } from '../../data/session.ts';
import { SignedOutNotice } from '../account/form.tsx';
import { ConsoleGate } from './ConsolePage.tsx';
import './console.css';

const KIND_LABELS: Record<ImportKind, string> = {
  rosters: 'Patrol seasons and rosters',
  facilities: 'Facilities, regulations and hazards',
  'hazard-ratings': 'Hazard ratings and beach types',
  photos: 'Beach photos (licence and credit)',
};

/**
 * Operators' imports: pick the kind and the file, check it (a dry run writes nothing and reports
 * every row), then import it. The file formats are in the README.
 */
export function ImportsPage() {
  usePageTitle('Imports');
  const session = useSession();
  if (!session) return <SignedOutNotice />;
  return (
    <ConsoleGate userId={session.user.id} title="Imports" operatorOnly>
      {() => <Imports />}
    </ConsoleGate>
  );
}

function Imports() {
  const ids = { kind: useId(), file: useId() };
  const [kind, setKind] = useState<ImportKind>('rosters');
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [checked, setChecked] = useState<{ kind: ImportKind; file: File } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ready =
    checked !== null && checked.kind === kind && checked.file === file && report?.rejected.length === 0;

  async function run(dryRun: boolean) {
    if (!file) {
      setError('Choose a file.');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const answer = await uploadImport(kind, file, dryRun);
      setReport(answer);
      setChecked(dryRun ? { kind, file } : null);
    } catch (e) {
      setReport(null);
      setChecked(null);
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page console">
      <p className="console__back">
        <Link to="/console">Console</Link>
      </p>
      <h1>Imports</h1>
      <p>
        Check a file first: nothing is written, and every row is reported. A file with any rejected row is
        never imported. Importing the same file again changes nothing.
      </p>
      <div className="card console-form">
        <div className="field">
          <label htmlFor={ids.kind} className="field__label">
            What the file holds
          </label>
          <select id={ids.kind} value={kind} onChange={(event) => setKind(event.target.value as ImportKind)}>
            {IMPORT_KINDS.map((value) => (
              <option key={value} value={value}>
                {KIND_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.file} className="field__label">
            File
          </label>
          <input
            id={ids.file}
            type="file"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setReport(null);
              setChecked(null);
            }}
          />
        </div>
        <div className="console-form__actions">
          <button
            type="button"
            className="button console-button"
            disabled={busy}
            onClick={() => void run(true)}
          >
            Check the file
          </button>
          <button
            type="button"
            className="button button--secondary console-button"
            disabled={busy || !ready}
            onClick={() => void run(false)}
          >
            Import
          </button>
        </div>
        {!ready && file && report === null && (
          <p className="field__hint">Check the file before importing it.</p>
        )}
        {error && (
          <p role="alert" className="form-message form-message--error">
            {error}
          </p>
        )}
      </div>
      {report && <ReportView report={report} dryRun={checked !== null} />}
    </div>
  );
}

function ReportView({ report, dryRun }: { report: ImportReport; dryRun: boolean }) {
  const verdict = report.applied
    ? 'Imported.'
    : report.rejected.length > 0
      ? 'Not imported: fix the rejected rows and check the file again.'
      : dryRun
        ? 'The file is fine: nothing is written yet. Press Import to import it.'
        : 'Nothing was imported.';
  return (
    <section
      className="card console-report"
      aria-labelledby="import-report-heading"
      data-testid="import-report"
    >
      <h2 id="import-report-heading">{dryRun ? 'Check report' : 'Import report'}</h2>
      <p role="status">
        <strong>{verdict}</strong>
      </p>
      <dl className="console-report__counts">
        <dt>Added</dt>
        <dd>{report.added}</dd>
        <dt>Updated</dt>
        <dd>{report.updated}</dd>
        <dt>Unchanged</dt>
        <dd>{report.unchanged}</dd>
        <dt>Rejected</dt>
        <dd>{report.rejected.length}</dd>
      </dl>
      {report.rejected.length > 0 && (
        <table className="console-report__rejected">
          <caption>Rejected rows</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {report.rejected.map((row, index) => (
              <tr key={`${row.row}-${index}`}>
                <td>{row.row}</td>
                <td>{row.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
