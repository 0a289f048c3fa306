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
