// CookieBanner on Hindi pages: the island with its Hindi texts, so that English pages' bundles carry none.
import CookieBanner from './CookieBanner.tsx';
import { HI } from './catalogs.ts';

export default function CookieBannerHindi() {
  return <CookieBanner locale="hi" catalogs={HI} />;
}
