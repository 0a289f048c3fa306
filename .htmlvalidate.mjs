// html-validate's recommended rules, run over every built page by tests/e2e/html-valid.spec.ts.
// Only rules that fight what React's or Astro's renderer writes on purpose (all of it valid HTML) are
// relaxed, each with its reason.
export default {
  extends: ['html-validate:recommended'],
  rules: {
    // React's server renderer writes boolean attributes as `required=""`, Astro as `required`; both are
    // the same attribute to a browser.
    'attribute-boolean-style': 'off',
    // React writes its props' names as spelt in JSX (`autoComplete`, `maxLength`); attribute names are
    // case-insensitive in HTML. Other spellings stay errors.
    'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
    // React closes void elements (`<input/>`), Astro does not (`<meta ...>`); both are valid.
    'void-style': 'off',
    // Astro's Markdown gives headings ids as their text reads ('1-serve-images-…'); HTML allows an id to
    // start with a digit. The strict mode's letter-first rule is HTML 4's.
    'valid-id': ['error', { relaxed: true }],
    // A Markdown code block is a `<pre>` that may scroll: it is a named, focusable region
    // (src/build/code-regions.ts), and a `<pre>` cannot be a `<section>`. Every other role still prefers
    // its native element.
    'prefer-native-element': ['error', { exclude: ['region'] }],
  },
};
