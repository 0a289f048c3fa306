// Class lists shared by the island forms, so every field and button looks and focuses alike.
export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-surface px-3 py-2 text-sm text-ink placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-600';
export const labelClass = 'block text-sm font-medium text-ink';
export const errorClass = 'mt-1 text-sm text-red-700';
// The buttons are global.css's .btn-primary and .btn-secondary: in a form, full width; beside a list, smaller.
export const primaryButton = 'btn-primary w-full';
export const secondaryButton = 'btn-secondary px-4 py-2';
export const linkClass = 'font-medium text-brand-700 underline-offset-2 hover:underline';
export const cardClass = 'w-full max-w-md rounded-2xl border border-slate-200 bg-surface p-6 shadow-sm sm:p-8';
export const selectClass =
  'block rounded-lg border border-slate-300 bg-surface px-3 py-2 text-sm text-ink focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600';
export const dangerButton =
  'inline-flex items-center justify-center rounded-lg bg-danger px-3 py-1.5 text-sm font-semibold text-white hover:bg-danger-hover disabled:cursor-not-allowed disabled:opacity-70';
