// The building blocks of the editor's configuration: one helper per kind of field, each with a label and
// a hint that shows the marketer an example (the same examples as the schemas in src/lib/schemas/).
import type { Field } from '@sveltia/cms';

export type Extra = Partial<Record<'hint' | 'required' | 'default' | 'pattern', unknown>>;
export const string = (name: string, label: string, hint: string, extra: Extra = {}) =>
  ({ name, label, hint, widget: 'string', ...extra }) as Field;
export const text = (name: string, label: string, hint: string, extra: Extra = {}) =>
  ({ name, label, hint, widget: 'text', ...extra }) as Field;
export const order = (hint: string) =>
  ({ name: 'order', label: 'Position', hint, widget: 'number', value_type: 'int', min: 1 }) as Field;
export const number = (name: string, label: string, hint: string) =>
  ({ name, label, hint, widget: 'number', value_type: 'int', min: 0 }) as Field;
export const date = (name: string, label: string, hint: string, extra: Extra = {}) =>
  ({ name, label, hint, widget: 'datetime', type: 'date', format: 'YYYY-MM-DD', ...extra }) as Field;
export const image = (name: string, label: string, hint: string) => ({ name, label, hint, widget: 'image' }) as Field;
export const alt = (name: string) =>
  string(
    name,
    'Image description',
    'What the image shows, for people who cannot see it, e.g. "Storefront of the RoboKits India website".',
  );
/** A list of short texts, one input per item ("Add Tag"). */
export const strings = (
  name: string,
  label: [string, string],
  hint: string,
  item: Extra = {},
  extra: Record<string, unknown> = {},
) =>
  ({
    name,
    label: label[0],
    label_singular: label[1],
    hint,
    widget: 'list',
    field: { name: 'item', label: label[1], widget: 'string', ...item },
    ...extra,
  }) as Field;
export const icon = (hint = 'A name from lucide.dev/icons, e.g. "gauge".') => string('icon', 'Icon', hint);
/** A list of groups of fields ("Add Key feature"). */
export const list = (name: string, label: [string, string], fields: Field[], extra: Extra = {}) =>
  ({ name, label: label[0], label_singular: label[1], widget: 'list', fields, ...extra }) as Field;
export const object = (name: string, label: string, fields: Field[]) =>
  ({ name, label, widget: 'object', fields }) as Field;
/** The text under the front matter: a service's full description, a card's text, a post. */
export const body = (label: string, hint: string) => ({ name: 'body', label, hint, widget: 'markdown' }) as Field;
export const seo = (required: boolean) => [
  string(
    'title',
    'Search title',
    'The page title in search results and browser tabs; the company name is added. Under 70 characters.',
    { required },
  ),
  text(
    'description',
    'Search description',
    'One or two sentences under the title in search results. Under 200 characters.',
    { required },
  ),
];

/** Images live in src/assets/<folder>/ and entries point to them with a path from content/<folder>/. */
export const images = (folder: string) => ({
  media_folder: `/src/assets/${folder}`,
  public_folder: `../../src/assets/${folder}`,
});
/** A folder of Markdown files with front matter. */
export const markdownFolder = (folder: string) => ({ folder, extension: 'md', format: 'frontmatter' });

type Nested = Field & { fields?: Field[]; field?: Field };

/** A field edited in every language, with everything inside it (Sveltia does not pass `i18n` down). */
const inEveryLanguage = (field: Field): Field => {
  const { fields, field: item } = field as Nested;
  return {
    ...field,
    i18n: true,
    ...(fields ? { fields: fields.map(inEveryLanguage) } : {}),
    ...(item ? { field: inEveryLanguage(item) } : {}),
  } as Field;
};

/**
 * The fields of a collection in the editor's languages (src/i18n/locales.ts). `translated` names the
 * fields a translation holds (TRANSLATED of src/lib/schemas/content.ts, or siteTranslationSchema), with a
 * dotted name for a field inside a group ("hours.weekdays"): those are edited in every language
 * (`i18n: true`, down to their innermost fields, since Sveltia asks each field). Every other field is
 * edited in English only (`i18n: false`): Sveltia leaves it out of the translation's file, whose schema
 * refuses it (`'duplicate'` would copy it there). The body, the Markdown text, is always translated.
 * tests/unit/cms-config.test.ts holds the two lists together.
 */
export function localized(translated: readonly string[], fields: Field[], top = true): Field[] {
  return fields.map((field) => {
    if (translated.includes(field.name) || (top && field.name === 'body')) return inEveryLanguage(field);
    const inside = translated.filter((name) => name.startsWith(`${field.name}.`));
    const { fields: subfields } = field as Nested;
    if (inside.length && subfields)
      return {
        ...field,
        i18n: true,
        fields: localized(
          inside.map((name) => name.slice(field.name.length + 1)),
          subfields,
          false,
        ),
      } as Field;
    return { ...field, i18n: false } as Field;
  });
}
