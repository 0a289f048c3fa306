// An enquiry status chooser with its label: an enquiry's own status, or the list's filter (with `anyLabel`,
// the choice of no status in particular).
//
// A closed <select> changes its value (and fires `change`) on every arrow key, so a choice made with the
// keyboard would be saved, or filtered on, once per status passed. A choice counts when it is made: picked
// from the opened list (with a pointer, or the keys that open it), confirmed with Enter (which then does not
// open the list), or left with Tab. The select is never disabled meanwhile, so focus stays on it.
import { useEffect, useRef, useState } from 'react';
import { STATUS_OPTIONS } from './admin-labels.ts';
import { labelClass, selectClass } from '../ui/classes.ts';

interface Props {
  id: string;
  label: string;
  value: string;
  /** Called once per choice made, with a status other than `value`. */
  onChange: (status: string) => void;
  anyLabel?: string;
  /** The select's width ('w-full' in a card). */
  width?: string;
}

export function StatusSelect({ id, label, value, onChange, anyLabel, width = '' }: Props) {
  const [shown, setShown] = useState(value);
  // The last status handed to onChange, until `value` catches up with it.
  const chosen = useRef(value);
  // True while the value is being stepped through with the keyboard.
  const stepping = useRef(false);
  useEffect(() => {
    chosen.current = value;
    setShown(value);
  }, [value]);

  const choose = (status: string) => {
    stepping.current = false;
    if (status === chosen.current) return;
    chosen.current = status;
    onChange(status);
  };

  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        value={shown}
        onPointerDown={() => {
          stepping.current = false;
        }}
        onKeyDown={(e) => {
          // Space and Alt+arrow open the list, where a choice is made as with a pointer.
          const opensList = e.key === ' ' || (e.altKey && e.key.startsWith('Arrow'));
          if (e.key === 'Enter') {
            // Chromium would also open the list on Enter: the choice is made, so it stays closed.
            e.preventDefault();
            choose(e.currentTarget.value);
          } else stepping.current = !opensList && e.key !== 'Tab' && e.key !== 'Escape';
        }}
        onChange={(e) => {
          setShown(e.target.value);
          if (!stepping.current) choose(e.target.value);
        }}
        onBlur={(e) => choose(e.target.value)}
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
