// The Hindi texts of the search dialog (src/scripts/search-dialog.ts): English text -> Hindi.
import type { Catalog } from '../translate.ts';

export const SEARCH: Catalog = {
  'Search the site': 'साइट में खोजें',
  'Search services, projects and posts': 'सेवाएँ, प्रोजेक्ट और लेख खोजें',
  Close: 'बंद करें',
  'No results for “{term}”': '“{term}” के लिए कोई परिणाम नहीं मिला',
  '1 result for “{term}”': '“{term}” के लिए 1 परिणाम',
  '{count} results for “{term}”': '“{term}” के लिए {count} परिणाम',
  'Search is not available right now. Please try again later.': 'खोज अभी उपलब्ध नहीं है। कृपया थोड़ी देर बाद फिर कोशिश करें।',
};
