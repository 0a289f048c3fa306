// The configuration of the content editor at /cms/ (Sveltia CMS): one entry per content collection
// (described in src/cms/collections/, built from the field helpers of src/cms/fields.ts), one field per
// front-matter field, with the same rules and examples as src/lib/schemas/content.ts and
// src/lib/schemas/site.ts. tests/unit/cms-config.test.ts fails when the editor and the schemas drift apart.
import type { CmsConfig } from '@sveltia/cms';
import { DEFAULT_LOCALE, LOCALES } from '../i18n/locales.ts';
import { featured, projects } from './collections/cards.ts';
import { about, hero, intros, policy, policySections } from './collections/pages.ts';
import { posts } from './collections/posts.ts';
import { services } from './collections/services.ts';
import { site } from './collections/site.ts';

export interface CmsSettings {
  /** GitHub repository ("owner/name") that the editor commits to when signed in; none: local editing only. */
  repo?: string;
  branch: string;
  /** The public site, for "view on site" links. */
  siteUrl: string;
  siteName: string;
  /** The API's origin when it is not the site's own (PUBLIC_API_URL): where the sign-in window opens. */
  apiOrigin?: string;
  /** Whether the API serves the GitHub sign-in (CMS_GITHUB_CLIENT_ID is set). */
  oauth: boolean;
}

/** The editor's GitHub sign-in, served by our API (src/server/cms/): `${base_url}/${auth_endpoint}`. */
export const AUTH_ENDPOINT = 'api/v1/cms/auth';

/**
 * The sign-in buttons that can work: GitHub sign-in where the API serves it, a personal access token where
 * only the repository is known, neither without a repository (on localhost "Work with Local Repository"
 * stays, which Sveltia shows by itself). An empty list is allowed by src/cms/build.ts.
 */
export function authMethods(settings: CmsSettings): ('oauth' | 'token')[] {
  if (!settings.repo) return [];
  return settings.oauth ? ['oauth'] : ['token'];
}

/** `origin`: where /cms/ runs, the API's home unless it has its own (the page passes location.origin). */
export function cmsConfig(settings: CmsSettings, origin: string): CmsConfig {
  return {
    load_config_file: false,
    app_title: `${settings.siteName} content`,
    site_url: settings.siteUrl,
    logo_url: '/favicon.svg',
    backend: {
      name: 'github',
      // Without a repository the name only tells the marketer which folder to pick for local editing.
      repo: settings.repo ?? 'set-CMS_GITHUB_REPO/agency-site',
      branch: settings.branch,
      base_url: settings.apiOrigin ?? origin,
      auth_endpoint: AUTH_ENDPOINT,
      auth_methods: authMethods(settings),
    },
    // An empty optional field is left out of the file (the build refuses `link: ''`, not a missing link).
    output: { omit_empty_optional_fields: true },
    // The media library's root; each collection with images names its own folder below it.
    media_folder: 'src/assets',
    public_folder: '/src/assets',
    // The languages of src/i18n/locales.ts (Sveltia's i18n). An English file stays where it is
    // (content/services/automation.md); its translation goes to the language's folder beside it
    // (content/services/hi/automation.md); the single files say where with {{locale}}, left out for English
    // (content/home/{{locale}}/hero.md, content/{{locale}}/site.json). Which fields a translation holds:
    // localized() in src/cms/fields.ts. A new entry starts in English only (`initial_locales`); an entry
    // without a translation shows that language as disabled in the editor's language switcher, with a
    // button to add it ("Enable Hindi").
    i18n: {
      structure: 'multiple_folders',
      locales: [...LOCALES],
      default_locale: DEFAULT_LOCALE,
      omit_default_locale_from_file_path: true,
      initial_locales: 'default',
    },
    collections: [
      posts,
      projects,
      services,
      featured,
      intros,
      policy,
      policySections,
      { name: 'pages', label: 'Landing page', icon: 'home', i18n: true, files: [hero, about] },
      { name: 'settings', label: 'Company and site', icon: 'settings', i18n: true, files: [site] },
    ],
  };
}
