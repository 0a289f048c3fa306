// The editor at /cms/: Sveltia CMS from npm, bundled with our configuration (no CDN).
import CMS from '@sveltia/cms';
import { cmsConfig, type CmsSettings } from './config.ts';
import { registerPreviews } from './preview.ts';

/** Set at build time by src/cms/build.ts from the environment and content/site.json. */
declare const __CMS_SETTINGS__: CmsSettings;

registerPreviews();
void CMS.init({ config: cmsConfig(__CMS_SETTINGS__, location.origin) });

// The editor writes its own viewport tag with maximum-scale=1, which stops people zooming in: take that
// part out whenever it is (re)written.
const ZOOM_LOCK = /,?\s*maximum-scale=[^,]*/;
function allowZoom() {
  for (const meta of document.head.querySelectorAll<HTMLMetaElement>('meta[name="viewport"]'))
    if (ZOOM_LOCK.test(meta.content)) meta.content = meta.content.replace(ZOOM_LOCK, '');
}
new MutationObserver(allowZoom).observe(document.head, { childList: true, subtree: true, attributes: true });
allowZoom();
