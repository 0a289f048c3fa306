// The editor at /cms/: Sveltia CMS from npm, bundled with our configuration (no CDN).
import CMS from '@sveltia/cms';
import { cmsConfig, type CmsSettings } from './config.ts';
import { registerPreviews } from './preview.ts';

/** Set at build time by src/cms/build.ts from the environment and content/site.json. */
declare const __CMS_SETTINGS__: CmsSettings;

registerPreviews();
void CMS.init({ config: cmsConfig(__CMS_SETTINGS__, location.origin) });
