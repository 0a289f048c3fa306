// The editor's preview pane in the site's colours and type: the colour tokens of src/styles/global.css
// (injected by src/cms/build.ts, so they have one source), the stylesheet ./preview.css, and a template
// for each collection whose page is more than its fields: posts, services and projects, laid out as
// their pages lay them out. What the pane cannot show is listed in docs/decisions/138-editor-preview.md.
import CMS, { type CustomPreviewTemplateProps } from '@sveltia/cms';
import type { createElement, ReactElement } from 'react';
import previewCss from './preview.css?inline';

/** Set at build time by src/cms/build.ts: the `@theme` custom properties of the site's stylesheet. */
declare const __CMS_THEME__: string;

// Sveltia bundles React and lends its createElement to templates as `window.h`: no second React.
const h = (window as unknown as { h: typeof createElement }).h;

type Props = CustomPreviewTemplateProps;
const field = ({ entry }: Props, name: string) => entry.getIn(['data', name]) as unknown;
const text = (props: Props, name: string) => String(field(props, name) ?? '');
const list = (props: Props, name: string): unknown[] => {
  const value = field(props, name) as { toJS?: () => unknown[] } | unknown[] | undefined;
  return Array.isArray(value) ? value : (value?.toJS?.() ?? []);
};
const tags = (props: Props, name: string) =>
  h('ul', { className: 'tags' }, ...list(props, name).map((tag) => h('li', { key: String(tag) }, `#${String(tag)}`)));

function Post(props: Props): ReactElement {
  const date = text(props, 'date').slice(0, 10);
  return h(
    'article',
    { className: 'page' },
    field(props, 'draft') === true ? h('span', { className: 'badge' }, 'Draft') : null,
    h('h1', null, text(props, 'title')),
    h('p', { className: 'lead' }, text(props, 'description')),
    h('p', { className: 'meta' }, `${text(props, 'author')} · ${date}`),
    h('div', { className: 'cover' }, props.widgetFor('cover')),
    h('div', { className: 'prose' }, props.widgetFor('body')),
    tags(props, 'tags'),
  );
}

function Service(props: Props): ReactElement {
  const features = list(props, 'features') as { title?: string; description?: string; icon?: string }[];
  return h(
    'article',
    { className: 'page' },
    h('p', { className: 'eyebrow' }, text(props, 'icon')),
    h('h1', null, text(props, 'title')),
    h('p', { className: 'lead' }, text(props, 'shortDescription')),
    h('div', { className: 'prose' }, props.widgetFor('body')),
    h(
      'ul',
      { className: 'cards' },
      ...features.map((f, i) =>
        h(
          'li',
          { key: i },
          h('p', { className: 'eyebrow' }, f.icon ?? ''),
          h('h3', null, f.title),
          h('p', null, f.description),
        ),
      ),
    ),
  );
}

function Project(props: Props): ReactElement {
  return h(
    'article',
    { className: 'page' },
    h(
      'div',
      { className: 'card' },
      h('div', { className: 'cover' }, props.widgetFor('image')),
      h('p', { className: 'eyebrow' }, text(props, 'category')),
      h('h2', null, text(props, 'title')),
      h('div', { className: 'prose' }, props.widgetFor('body')),
      tags(props, 'tags'),
    ),
  );
}

export function registerPreviews() {
  CMS.registerPreviewStyle(`:root { ${__CMS_THEME__} }\n${previewCss}`, { raw: true });
  CMS.registerPreviewTemplate('posts', Post);
  CMS.registerPreviewTemplate('services', Service);
  CMS.registerPreviewTemplate('projects', Project);
}
