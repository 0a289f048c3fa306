// The Hindi texts of the Language panel on /account (src/islands/account/AccountLanguage.tsx). The
// languages' own names come from LANGUAGES: each is written in itself, in every language.
import { LOCALES } from '../locales.ts';
import type { Catalog } from '../translate.ts';

export const ACCOUNT_LANGUAGE: Catalog = {
  Language: 'भाषा',
  'The e-mails we send you (codes, notices about your account and our replies to your enquiries) are written in this language.':
    'हमारी ओर से आपको भेजे जाने वाले ई-मेल (कोड, आपके खाते से जुड़ी सूचनाएँ और आपकी पूछताछ के हमारे जवाब) इसी भाषा में लिखे जाते हैं।',
  'Save language': 'भाषा सहेजें',
  'Saving...': 'सहेजा जा रहा है...',
  'Language saved': 'भाषा सहेज ली गई',
  // The API's check of the field, should it ever reach the panel.
  [`Language must be one of: ${LOCALES.join(', ')}`]: `भाषा इनमें से एक होनी चाहिए: ${LOCALES.join(', ')}`,
};
