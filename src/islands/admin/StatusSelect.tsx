// An enquiry status chooser with its label: an enquiry's own status, or the list's filter (with `anyLabel`,
// the choice of no status in particular).
import { STATUS_OPTIONS } from './admin-labels.ts';
import { labelClass, selectClass } from '../ui/classes.ts';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (status: string) => void;
  disabled?: boolean;
  anyLabel?: string;
  /** The select's width ('w-full' in a card). */
  width?: string;
}

export function StatusSelect({ id, label, value, onChange, disabled, anyLabel, width = '' }: Props) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        className={`mt-1 ${width} ${selectClass}`}
      >
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        {STATUS_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
