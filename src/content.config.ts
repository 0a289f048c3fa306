// Content collections: every Markdown file a marketer edits in content/, checked against the schemas of
// src/lib/schemas/content.ts when the site is built (`astro sync`, `astro build`). A mistake stops the build
// with the file, the field, what was expected and an example. content/site.json is not a collection: it is
// read and checked by src/lib/site.ts, which the server uses too. In `npm run dev` a mistake also shows in
// the browser (src/build/content-errors.ts).
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { reportingErrors } from './build/content-errors.ts';
import { DEFAULT_LOCALE, LOCALES } from './i18n/locales.ts';
import {
  schemas,
  SOURCES,
  translationCollection,
  translationSchema,
  type CollectionName,
} from './lib/schemas/content.ts';

const markdown = (name: CollectionName, generateId?: (entry: { data: Record<string, unknown> }) => string) =>
  reportingErrors(
    glob({ pattern: SOURCES[name].files, base: `./${SOURCES[name].folder}`, ...(generateId ? { generateId } : {}) }),
  );

/**
 * Each collection's translations, one collection per language: content/services/hi/*.md is
 * `services_hi`. An entry's id is its file name, which is how a page finds the translation of an English
 * entry (src/lib/content.ts).
 */
const translations = Object.fromEntries(
  LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).flatMap((locale) =>
    (Object.keys(SOURCES) as CollectionName[]).map((name) => [
      translationCollection(name, locale),
      defineCollection({
        loader: reportingErrors(glob({ pattern: SOURCES[name].files, base: `./${SOURCES[name].folder}/${locale}` })),
        schema: ({ image }) => translationSchema(name, image),
      }),
    ]),
  ),
);

export const collections = {
  // A service's id is its URL segment, spaces included (/service-details/CMS Development).
  services: defineCollection({
    loader: markdown('services', ({ data }) => String(data.id)),
    schema: schemas.services,
  }),
  projects: defineCollection({ loader: markdown('projects'), schema: ({ image }) => schemas.projects(image) }),
  featured: defineCollection({ loader: markdown('featured'), schema: ({ image }) => schemas.featured(image) }),
  posts: defineCollection({ loader: markdown('posts'), schema: ({ image }) => schemas.posts(image) }),
  policy: defineCollection({ loader: markdown('policy'), schema: schemas.policy }),
  policySections: defineCollection({ loader: markdown('policySections'), schema: schemas.policySections }),
  hero: defineCollection({ loader: markdown('hero'), schema: schemas.hero }),
  about: defineCollection({ loader: markdown('about'), schema: schemas.about }),
  intros: defineCollection({ loader: markdown('intros'), schema: schemas.intros }),
  ...translations,
};
