// The Hindi texts of the booking islands (src/islands/book/: /book and /book/manage). The English text is
// the key; `{name}` blanks are filled when the text is shown.
import type { Catalog } from '../translate.ts';

export const BOOK: Catalog = {
  // The form
  'Book a call': 'कॉल बुक करें',
  'Show the free times': 'खाली समय दिखाएँ',
  'Loading the free times…': 'खाली समय लोड हो रहे हैं…',
  'Could not load the free times.': 'खाली समय लोड नहीं हो सके।',
  'No free times are left in the next 30 days.': 'अगले 30 दिनों में कोई खाली समय नहीं बचा है।',
  'Write to us instead': 'इसके बजाय हमें लिखें',
  Day: 'दिन',
  'Time on {day}, in your time zone ({zone})': '{day} को समय, आपके समय क्षेत्र ({zone}) में',
  '{time} in India': 'भारत में {time}',
  'Choose a time': 'कोई समय चुनें',
  Name: 'नाम',
  'Your name': 'आपका नाम',
  Email: 'ई-मेल',
  'What would you like to talk about? (optional)': 'आप किस बारे में बात करना चाहेंगे? (वैकल्पिक)',
  'Book the call': 'कॉल बुक करें',
  'That time was just taken. Please pick another.': 'वह समय अभी-अभी किसी और ने ले लिया। कृपया कोई दूसरा समय चुनें।',
  'The next free times:': 'अगले खाली समय:',
  'That time is not offered. Please pick one of the listed times.': 'वह समय उपलब्ध नहीं है। कृपया सूची में से कोई समय चुनें।',
  'Your call is booked': 'आपकी कॉल बुक हो गई है',
  'We have sent a confirmation with a calendar invite to {email}. Its link lets you move or cancel the call.':
    'हमने {email} पर कैलेंडर निमंत्रण के साथ पुष्टि भेज दी है। उसके लिंक से आप कॉल का समय बदल सकते हैं या उसे रद्द कर सकते हैं।',

  // The booking's own page
  'Loading your booking…': 'आपकी बुकिंग लोड हो रही है…',
  'We could not find this booking': 'यह बुकिंग नहीं मिली',
  'Open the link in your confirmation e-mail again: it holds the whole address of your booking.':
    'अपने पुष्टि वाले ई-मेल का लिंक फिर से खोलें: उसमें आपकी बुकिंग का पूरा पता है।',
  'Book a new call': 'नई कॉल बुक करें',
  'Your call': 'आपकी कॉल',
  'Cancelled call': 'रद्द की गई कॉल',
  When: 'कब',
  Topic: 'विषय',
  'Move the call': 'कॉल का समय बदलें',
  'Move to this time': 'इस समय पर ले जाएँ',
  'Keep the current time': 'मौजूदा समय रखें',
  'Cancel the call': 'कॉल रद्द करें',
  'Yes, cancel the call': 'हाँ, कॉल रद्द करें',
  'Cancel the call on {time}?': '{time} वाली कॉल रद्द करें?',
  'Your call is moved.': 'आपकी कॉल का समय बदल दिया गया है।',
  'Your call is cancelled.': 'आपकी कॉल रद्द कर दी गई है।',
  'This call has already begun and can no longer be changed.': 'यह कॉल शुरू हो चुकी है, अब इसे बदला नहीं जा सकता।',
  'This call was cancelled. Please book a new one.': 'यह कॉल रद्द हो चुकी है। कृपया नई कॉल बुक करें।',
};
