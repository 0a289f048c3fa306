// Dates and numbers in a language's convention, through formatters made on first use and kept.
// `toLocaleString` and `toLocaleDateString` given a locale or options build a new ICU formatter on every
// call: /admin's charts and tables called them hundreds of times in its first render, about 200 ms of a
// phone's main thread. The first formatter of a locale is itself tens of ms, so none is made when a module
// loads. Options are the callers' constants: a formatter is kept per options object and locale.
const dates = new WeakMap<Intl.DateTimeFormatOptions, Map<string, Intl.DateTimeFormat>>();
const numbers = new WeakMap<Intl.NumberFormatOptions, Map<string, Intl.NumberFormat>>();
const PLAIN: Intl.NumberFormatOptions = {};

function kept<O extends object, F>(
  cache: WeakMap<O, Map<string, F>>,
  make: (locale: string, options: O) => F,
  locale: string,
  options: O,
): F {
  let byLocale = cache.get(options);
  if (!byLocale) {
    byLocale = new Map();
    cache.set(options, byLocale);
  }
  let format = byLocale.get(locale);
  if (!format) {
    format = make(locale, options);
    byLocale.set(locale, format);
  }
  return format;
}

/** `date` as `options` write it in `locale` (a BCP 47 tag such as 'en-GB' or 'hi-IN'). */
export const formatDateTime = (date: Date | number, locale: string, options: Intl.DateTimeFormatOptions) =>
  kept(dates, (l, o) => new Intl.DateTimeFormat(l, o), locale, options).format(date);

/** `n` as `options` write it in `locale`; grouped digits by default ("1,00,000" in 'en-IN'). */
export const formatNumber = (n: number, locale: string, options: Intl.NumberFormatOptions = PLAIN) =>
  kept(numbers, (l, o) => new Intl.NumberFormat(l, o), locale, options).format(n);
