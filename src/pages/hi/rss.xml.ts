// /hi/rss.xml: the blog's feed in Hindi. The same route as /rss.xml (one implementation): it reads the
// language from the address, and lists the posts translated into Hindi (src/pages/rss.xml.ts says why
// only those).
export { GET } from '../rss.xml.ts';
