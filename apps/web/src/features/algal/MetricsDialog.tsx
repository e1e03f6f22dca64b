import { useState } from 'react';
import { coerceMetric, type MetricBody } from '@safeshore/domain';
import { Dialog } from '../../ui/Dialog.tsx';

type Answers = { [K in keyof MetricBody]: boolean | null };

const QUESTIONS: { field: keyof MetricBody; label: string }[] = [
  { field: 'water_discolour', label: 'Abnormal water colour' },
  { field: 'beach_foam', label: 'Abnormal foam' },
  { field: 'clean_rating', label: 'Beach cleaned' },
];

export interface MetricsDialogProps {
  beachTitle: string;
  /** The latest metric, to prefill the choices (unset when there is none). */
  initial: Partial<Record<keyof MetricBody, unknown>> | null;
  saving: boolean;
  onSave: (body: MetricBody) => void;
  onClose: () => void;
}

/**
 * "Update Metrics - {beach title}" (spec sections 2 and 4): three yes/no choices prefilled from the
 * latest metric; Save Metrics is enabled only when all three are set and no save runs. The parent
 * mounts it per opening (keyed), so closing resets the choices.
 */
export function MetricsDialog({ beachTitle, initial, saving, onSave, onClose }: MetricsDialogProps) {
  const [answers, setAnswers] = useState<Answers>(() => ({
    water_discolour: coerceMetric(initial?.water_discolour),
    beach_foam: coerceMetric(initial?.beach_foam),
    clean_rating: coerceMetric(initial?.clean_rating),
  }));
  const complete =
    answers.water_discolour !== null && answers.beach_foam !== null && answers.clean_rating !== null;

  return (
    <Dialog open title={`Update Metrics - ${beachTitle}`} width={600} onClose={onClose}>
      <form
        className="metrics-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!complete || saving) return;
          onSave({
            water_discolour: answers.water_discolour!,
            beach_foam: answers.beach_foam!,
            clean_rating: answers.clean_rating!,
          });
        }}
      >
        {QUESTIONS.map(({ field, label }) => (
          <fieldset key={field} className="metrics-form__choice">
            <legend>{label}</legend>
            {[true, false].map((value) => (
              <label key={String(value)}>
                <input
                  type="radio"
                  name={field}
                  checked={answers[field] === value}
                  onChange={() => setAnswers((a) => ({ ...a, [field]: value }))}
                />{' '}
                {value ? 'Yes' : 'No'}
              </label>
            ))}
          </fieldset>
        ))}
        <div className="metrics-form__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={!complete || saving}>
            {saving ? 'Saving…' : 'Save Metrics'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
