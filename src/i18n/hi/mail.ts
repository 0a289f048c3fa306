// The server's mails in Hindi: codes, notices about an account, the admins' replies to enquiries and booked calls
// (src/server/mail/). The English text is the key; `{name}` blanks are filled when the mail is made, so a
// translation may place them wherever Hindi word order wants them. The mail to the company about a new
// enquiry is not here: its reader is the company, in English.
import type { Catalog } from '../translate.ts';

export const MAIL: Catalog = {
  // Code mails (templates.ts)
  'Verify your e-mail address': 'अपना ई-मेल पता सत्यापित करें',
  'Use this code to verify your e-mail address:': 'अपना ई-मेल पता सत्यापित करने के लिए यह कोड डालें:',
  'Reset your password': 'अपना पासवर्ड रीसेट करें',
  'Use this code to reset your password:': 'अपना पासवर्ड रीसेट करने के लिए यह कोड डालें:',
  'Set a password': 'पासवर्ड बनाएँ',
  'Use this code to set a password for your account:': 'अपने खाते का पासवर्ड बनाने के लिए यह कोड डालें:',
  'Confirm adding a sign-in method': 'साइन इन का नया तरीक़ा जोड़ने की पुष्टि करें',
  'Use this code to confirm adding a passkey or an authenticator app to your account:':
    'अपने खाते में पासकी या ऑथेंटिकेटर ऐप जोड़ने की पुष्टि के लिए यह कोड डालें:',
  'Confirm deleting your account': 'अपना खाता हटाने की पुष्टि करें',
  'Use this code to confirm that you want to delete your account. Deleting it cannot be undone:':
    'यह पुष्टि करने के लिए कि आप अपना खाता हटाना चाहते हैं, यह कोड डालें। हटाया गया खाता वापस नहीं आ सकता:',
  'The code expires in {minutes} minutes. If you did not ask for it, you can ignore this e-mail.':
    'यह कोड {minutes} मिनट में समाप्त हो जाएगा। अगर आपने यह कोड नहीं माँगा था, तो इस ई-मेल को अनदेखा कर दें।',

  // Notices about the account (account-templates.ts)
  'Your password was changed': 'आपका पासवर्ड बदल दिया गया',
  'Your password was changed on {when} from {device}. Every other device was signed out.':
    '{when} को {device} से आपका पासवर्ड बदला गया। बाक़ी सभी डिवाइस से साइन आउट कर दिया गया है।',
  'If this was not you, reset your password now at {link} and check the devices signed in to your account.':
    'अगर यह आपने नहीं किया, तो अभी {link} पर अपना पासवर्ड रीसेट करें और देखें कि आपके खाते में कौन-कौन से डिवाइस साइन इन हैं।',
  'A password was set for your account': 'आपके खाते का पासवर्ड बनाया गया',
  'A password was set for your account on {when} from {device}. You can now sign in with your e-mail address and this password, as well as with Google. Every other device was signed out.':
    '{when} को {device} से आपके खाते का पासवर्ड बनाया गया। अब आप Google के साथ-साथ अपने ई-मेल पते और इस पासवर्ड से भी साइन इन कर सकते हैं। बाक़ी सभी डिवाइस से साइन आउट कर दिया गया है।',
  'If this was not you, reset your password now at {link}.':
    'अगर यह आपने नहीं किया, तो अभी {link} पर अपना पासवर्ड रीसेट करें।',
  'Your account was deleted': 'आपका खाता हटा दिया गया',
  'Your account was deleted on {when} from {device}, as you asked. Your profile, devices and sign-in methods are gone.':
    'आपके कहने पर {when} को {device} से आपका खाता हटा दिया गया। आपकी प्रोफ़ाइल, डिवाइस और साइन इन के तरीक़े मिटा दिए गए हैं।',
  'Enquiries you sent us through the contact form stay with us, no longer linked to an account, so that we can still answer them; to have them erased too, contact us.':
    'संपर्क फ़ॉर्म से भेजी गई आपकी पूछताछ हमारे पास रहेगी, अब किसी खाते से जुड़ी नहीं, ताकि हम उसका जवाब दे सकें; उसे भी मिटवाना हो, तो हमसे संपर्क करें।',
  'A passkey was added to your account': 'आपके खाते में एक पासकी जोड़ी गई',
  'A passkey named “{name}” was added to your account on {when} from {device}. It can sign in to your account without a password. Every other device was signed out.':
    '{when} को {device} से आपके खाते में “{name}” नाम की पासकी जोड़ी गई। इससे बिना पासवर्ड के आपके खाते में साइन इन किया जा सकता है। बाक़ी सभी डिवाइस से साइन आउट कर दिया गया है।',
  'If this was not you, remove it at {link}, change your password and sign out the devices you do not know.':
    'अगर यह आपने नहीं किया, तो {link} पर इसे हटाएँ, अपना पासवर्ड बदलें और जिन डिवाइस को आप नहीं पहचानते, उन्हें साइन आउट करें।',
  'Two-factor authentication was turned off': 'दो-चरणीय सत्यापन बंद किया गया',
  'Two-factor authentication was turned off for your account on {when} from {device}. Signing in now needs only your password.':
    '{when} को {device} से आपके खाते का दो-चरणीय सत्यापन बंद किया गया। अब साइन इन के लिए सिर्फ़ आपका पासवर्ड चाहिए।',
  'If this was not you, change your password now, turn two-factor authentication on again at {link} and sign out the devices you do not know.':
    'अगर यह आपने नहीं किया, तो अभी अपना पासवर्ड बदलें, {link} पर दो-चरणीय सत्यापन फिर से चालू करें और जिन डिवाइस को आप नहीं पहचानते, उन्हें साइन आउट करें।',
  'Two-factor authentication was turned on': 'दो-चरणीय सत्यापन चालू किया गया',
  'Two-factor authentication was turned on for your account on {when} from {device}. Signing in with your password now also asks for a code from the authenticator app that was set up. Every other device was signed out.':
    '{when} को {device} से आपके खाते का दो-चरणीय सत्यापन चालू किया गया। अब पासवर्ड से साइन इन करने पर जोड़े गए ऑथेंटिकेटर ऐप का कोड भी माँगा जाएगा। बाक़ी सभी डिवाइस से साइन आउट कर दिया गया है।',
  'If this was not you, reset your password now and check the sign-in methods at {link}.':
    'अगर यह आपने नहीं किया, तो अभी अपना पासवर्ड रीसेट करें और {link} पर साइन इन के तरीक़े जाँचें।',
  'Your password was reset': 'आपका पासवर्ड रीसेट किया गया',
  'Your password was reset with a code mailed to this address on {when} from {device}. Every device was signed out.':
    '{when} को {device} से, इस पते पर भेजे गए कोड के ज़रिए आपका पासवर्ड रीसेट किया गया। सभी डिवाइस से साइन आउट कर दिया गया है।',
  'If this was not you, someone can read your e-mail: secure your mailbox, then reset your password again at {link}.':
    'अगर यह आपने नहीं किया, तो कोई और आपका ई-मेल पढ़ सकता है: अपना मेलबॉक्स सुरक्षित करें, फिर {link} पर अपना पासवर्ड दोबारा रीसेट करें।',
  'Google sign-in was linked to your account': 'आपके खाते से Google साइन इन जोड़ा गया',
  'A Google account with this address was linked to your account on {when} from {device}. It can now sign in to your account.':
    '{when} को {device} से इस पते वाला एक Google खाता आपके खाते से जोड़ा गया। अब उससे आपके खाते में साइन इन किया जा सकता है।',
  'If this was not you, check the devices signed in at {link}, change your password and secure the Google account that uses this address.':
    'अगर यह आपने नहीं किया, तो {link} पर साइन इन किए गए डिवाइस जाँचें, अपना पासवर्ड बदलें और इस पते वाले Google खाते को सुरक्षित करें।',
  // The device a change came from (account/device.ts): "Chrome 130 on Windows".
  '{browser} on {system}': '{system} पर {browser}',
  'Unknown device': 'अनजान डिवाइस',

  // An admin's reply to an enquiry (src/lib/reply-mail.ts). "Re:" stays: mail programs thread by it.
  'Re: your enquiry': 'Re: आपकी पूछताछ',
  'Hello {name},': 'नमस्ते {name},',
  'Hello,': 'नमस्ते,',
  'On {date} you wrote:': '{date} को आपने लिखा:',

  // A booked call (booking-templates.ts); {when} is written by Intl in Hindi already.
  'Call with {company}': '{company} के साथ कॉल',
  'Your call is booked': 'आपकी कॉल बुक हो गई',
  'Your call is moved': 'आपकी कॉल का समय बदल गया',
  'Your call is cancelled': 'आपकी कॉल रद्द कर दी गई',
  'Reminder: your call tomorrow': 'याद दिलाना: कल आपकी कॉल है',
  'Your call with {company} is booked for {when}.': '{company} के साथ आपकी कॉल {when} के लिए बुक हो गई है।',
  'Your call with {company} is now on {when}.': '{company} के साथ आपकी कॉल अब {when} को है।',
  'Your call with {company} on {when} is cancelled.': '{company} के साथ {when} की आपकी कॉल रद्द कर दी गई है।',
  'A reminder: your call with {company} is on {when}.': 'याद दिला दें: {company} के साथ आपकी कॉल {when} को है।',
  'Topic: {topic}': 'विषय: {topic}',
  'The invitation is attached: add it to your calendar.': 'निमंत्रण साथ में है: इसे अपने कैलेंडर में जोड़ लें।',
  'To see, move or cancel the call: {link}': 'कॉल देखने, उसका समय बदलने या उसे रद्द करने के लिए: {link}',
  'To move or cancel it, use the link in the confirmation we sent when you booked.':
    'समय बदलने या रद्द करने के लिए, बुकिंग के समय भेजी गई पुष्टि वाली ई-मेल का लिंक खोलें।',
  'To book another time: {link}': 'कोई दूसरा समय बुक करने के लिए: {link}',
};
