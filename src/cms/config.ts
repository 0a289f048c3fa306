// The configuration of the content editor at /cms/ (Sveltia CMS): one entry per content collection
// (described in src/cms/collections/, built from the field helpers of src/cms/fields.ts), one field per
// front-matter field, with the same rules and examples as src/lib/schemas/content.ts and
// src/lib/schemas/site.ts. tests/unit/cms-config.test.ts fails when the editor and the schemas drift apart.
import type { CmsConfig } from '@sveltia/cms';
import { featured, projects } from './collections/cards.ts';
import { about, hero, intros, policy } from './collections/pages.ts';
import { posts } from './collections/posts.ts';
import { services } from './collections/services.ts';
import { site } from './collections/site.ts';

export interface CmsSettings {
  /** GitHub repository ("owner/name") that the editor commits to when signed in with GitHub. */
  repo: string;
  branch: string;
  /** The public site, for "view on site" links. */
  siteUrl: string;
  siteName: string;
}

export function cmsConfig(settings: CmsSettings): CmsConfig {
  return {
    load_config_file: false,
    app_title: `${settings.siteName} content`,
    site_url: settings.siteUrl,
    logo_url: '/favicon.svg',
    // GitHub sign-in goes through Netlify's OAuth provider (https://api.netlify.com/auth, the default);
    // on localhost the editor also offers "Work with Local Repository", which edits the files on disk.
    backend: { name: 'github', repo: settings.repo, branch: settings.branch, base_url: 'https://api.netlify.com' },
    // An empty optional field is left out of the file (the build refuses `link: ''`, not a missing link).
    output: { omit_empty_optional_fields: true },
    // The media library's root; each collection with images names its own folder below it.
    media_folder: 'src/assets',
    public_folder: '/src/assets',
    collections: [
      posts,
      projects,
      services,
      featured,
      intros,
      policy,
      { name: 'pages', label: 'Landing page', icon: 'home', files: [hero, about] },
      { name: 'settings', label: 'Company and site', icon: 'settings', files: [site] },
    ],
  };
}
