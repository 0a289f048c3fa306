// content/site.json in the page's language, for pages (build time): each translation (content/hi/site.json)
// laid over the English file. Apart from site.ts, which the server reads too: the server's bundle has no
// use for the translations, and Vite's glob import is a build-time feature.
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../i18n/locales.ts';
import { siteTranslationSchema, type Site } from './schemas/site.ts';
import { site, siteProblems, siteTranslationFile } from './site.ts';

// A missing file is a site not yet translated: its pages show the English lines.
const translationFiles = import.meta.glob<{ default: unknown }>('../../content/*/site.json', { eager: true });

function translated(locale: Locale): Site {
  const file = siteTranslationFile(locale);
  const translation = translationFiles[`../../${file}`]?.default;
  if (translation === undefined) return site;
  const problems = siteProblems(translation, file, siteTranslationSchema);
  if (problems) throw new Error(problems);
  const lines = siteTranslationSchema.parse(translation);
  return {
    ...site,
    ...lines,
    hours: { ...site.hours, ...lines.hours },
    seoApp: { ...site.seoApp, ...lines.seoApp },
  };
}

const bySite = new Map<Locale, Site>(
  LOCALES.map((locale) => [locale, locale === DEFAULT_LOCALE ? site : translated(locale)]),
);

/** The site's facts and lines in `locale` (English where no translation exists). */
export const siteIn = (locale: Locale = DEFAULT_LOCALE): Site => bySite.get(locale) ?? site;
