// The page's whole stylesheet comes as a print sheet at the end of the page (src/build/page-css.ts): a
// screen sheet there would hold up the parser, and with it the page's scripts and the hero's reveal
// (a real browser painted the landing page's headline 50–100 ms later). Turned on for the screen here.
// The site has no other print sheet.
for (const link of document.querySelectorAll<HTMLLinkElement>('link[media="print"]')) link.media = 'all';
