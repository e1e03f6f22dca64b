import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { RIP_CHECKED_MIN_OBSERVATIONS, type RipSkillRow } from '@safeshore/domain';
import { usePageTitle } from '../../app/page-title.ts';
import { ripSkillQuery } from '../../data/console.ts';
import { useSession } from '../../data/session.ts';
import { SignedOutNotice } from '../account/form.tsx';
import { ConsoleGate } from './ConsolePage.tsx';
import './console.css';

/**
 * "Rip outlook skill" (operators, issue 29): per region and per beach of their scope, how the rip
 * outlook's likelihoods did against lifesavers' reports: the count, the Brier score, the Brier
 * score of the reports' own base rate, and the skill score that compares them.
 */
export function RipSkillPage() {
  usePageTitle('Rip outlook skill');
  const session = useSession();
  if (!session) return <SignedOutNotice />;
  return (
    <ConsoleGate userId={session.user.id} title="Rip outlook skill" operatorOnly>
      {() => <RipSkill userId={session.user.id} />}
    </ConsoleGate>
  );
}

function RipSkill({ userId }: { userId: number }) {
  const { data, error, isPending, refetch, isFetching } = useQuery(ripSkillQuery(userId));
  return (
    <div className="page console">
      <p className="console__back">
        <Link to="/console">Console</Link>
      </p>
      <h1>Rip outlook skill</h1>
      <p className="console-skill__about">
        Each time a lifesaver reports rip activity, we keep the outlook’s likelihood for that hour beside it
        (some or strong rips count as rips). The <strong>Brier score</strong> is the outlook’s average squared
        miss: 0 is perfect and lower is better. The <strong>base-rate Brier</strong> is the same score for a
        forecast that always gives the share of reports that saw rips. The <strong>skill score</strong>{' '}
        compares the two: above 0 the outlook did better than that usual rate, 0 no better, below 0 worse.
        Only reports made while the beach had an outlook count, and a few reports say little: a beach’s
        outlook shows its skill from {RIP_CHECKED_MIN_OBSERVATIONS}.
      </p>
      {isPending ? (
        <p className="loading" role="status">
          <span className="spinner" aria-hidden="true" /> Loading…
        </p>
      ) : error ? (
        <div role="alert" className="form-message form-message--error">
          <p>{error.message}</p>
          <button type="button" className="button" disabled={isFetching} onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      ) : data.regions.length === 0 && data.beaches.length === 0 ? (
        <div className="card" data-testid="rip-skill-empty">
          <h2>No rip observations yet</h2>
          <p>
            When lifesavers tap “Rip activity now” on a beach’s console, their reports are scored against the
            outlook here.
          </p>
        </div>
      ) : (
        <>
          <SkillTable title="By region" id="rip-skill-regions" rows={data.regions} />
          <SkillTable
            title="By beach"
            id="rip-skill-beaches"
            rows={[...data.beaches].sort((a, b) => a.name.localeCompare(b.name))}
          />
          <p className="muted">— : no score yet (every report the same, or none with an outlook).</p>
        </>
      )}
    </div>
  );
}

/** 0.1234 -> "0.12"; a missing score as a dash (the note under the tables says why). */
function score(value: number | null) {
  if (value === null) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">no score</span>
      </>
    );
  }
  return value.toFixed(2);
}

/**
 * One row group per region or beach: its name on a line of its own, its figures under the column
 * headers, so the four figures fit side by side at 390 px.
 */
function SkillTable({ title, id, rows }: { title: string; id: string; rows: RipSkillRow[] }) {
  return (
    <section className="console-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <table className="console-skill" aria-labelledby={id}>
        <thead>
          <tr>
            <th scope="col">Scored reports</th>
            <th scope="col">Brier</th>
            <th scope="col">Base-rate Brier</th>
            <th scope="col">Skill</th>
          </tr>
        </thead>
        {rows.map((row) => (
          <tbody key={row.key}>
            <tr>
              <th scope="rowgroup" colSpan={4} className="console-skill__name">
                {row.name}
              </th>
            </tr>
            <tr>
              <td>
                {row.observations}
                {row.reports > row.observations ? ` of ${row.reports}` : ''}
              </td>
              <td>{score(row.brier)}</td>
              <td>{score(row.brier_base)}</td>
              <td>{score(row.skill)}</td>
            </tr>
          </tbody>
        ))}
      </table>
    </section>
  );
}
