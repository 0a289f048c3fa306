// The blog's feed in each language but English (/hi/rss.xml): the same route as /rss.xml, which reads the
// language from the address and lists the posts translated into it (src/pages/rss.xml.ts says why only those).
import { everyLanguage } from '../../i18n/routes.ts';

export const getStaticPaths = everyLanguage;
export { GET } from '../rss.xml.ts';
