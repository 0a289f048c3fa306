// Class lists shared by the island forms, so every field and button looks and focuses alike.
export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-600';
export const labelClass = 'block text-sm font-medium text-ink';
export const errorClass = 'mt-1 text-sm text-red-700';
export const primaryButton =
  'inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white transition-colors hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-70';
export const secondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-ink transition-colors hover:border-brand-500 hover:text-brand-700 disabled:cursor-not-allowed disabled:opacity-70';
export const linkClass = 'font-medium text-brand-700 underline-offset-2 hover:underline';
export const cardClass = 'w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8';
export const selectClass =
  'block rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600';
export const dangerButton =
  'inline-flex items-center justify-center rounded-lg bg-red-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-70';
