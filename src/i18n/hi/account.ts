// The account islands in Hindi (src/islands/account/: /account's panels and /userdashboard), with the
// messages of the account's API calls and schemas that these screens show: they arrive in English and are
// translated where they are shown. The messages any screen may meet (the HTTP client's, the sign-in's,
// the shared field checks) are in ui.ts, which the islands spread under this one. The English text is
// the key; a text made from LIMITS is keyed the same way, so that a changed limit changes both.
import { LIMITS } from '../../lib/constants.ts';
import type { Catalog } from '../translate.ts';

export const ACCOUNT: Catalog = {
  // Shared by several panels
  Name: 'नाम',
  Password: 'पासवर्ड',
  Save: 'सहेजें',
  Confirm: 'पुष्टि करें',
  'Saving...': 'सहेजा जा रहा है...',
  'Checking...': 'जाँच की जा रही है...',
  'Code sent': 'कोड भेज दिया गया',
  'Enter your current password': 'अपना मौजूदा पासवर्ड डालें',

  // Profile (AccountProfile.tsx)
  Email: 'ई-मेल',
  'You sign in with this address; it cannot be changed here.': 'आप इसी पते से साइन इन करते हैं; इसे यहाँ बदला नहीं जा सकता।',
  'Save name': 'नाम सहेजें',
  'Profile updated': 'प्रोफ़ाइल अपडेट हो गई',

  // Password (AccountPassword.tsx)
  'You sign in with Google. To also sign in with your e-mail address and a password, set one: we will e-mail you a 6-digit code to confirm it is you.':
    'आप Google से साइन इन करते हैं। अपने ई-मेल पते और पासवर्ड से भी साइन इन करने के लिए पासवर्ड बनाएँ: यह आप ही हैं, इसकी पुष्टि के लिए हम आपको 6 अंकों का कोड ई-मेल करेंगे।',
  'Sending...': 'भेजा जा रहा है...',
  'Email me a code': 'मुझे कोड ई-मेल करें',
  'Current password': 'मौजूदा पासवर्ड',
  'Code from your e-mail': 'आपके ई-मेल में आया कोड',
  'New password': 'नया पासवर्ड',
  'At least 6 characters. Every other device will be signed out.':
    'कम से कम 6 अक्षर। बाक़ी सभी डिवाइस से साइन आउट हो जाएगा।',
  'Change password': 'पासवर्ड बदलें',
  'Set password': 'पासवर्ड बनाएँ',
  'Password changed': 'पासवर्ड बदल दिया गया',
  'Password changed. Every other device has been signed out.':
    'पासवर्ड बदल दिया गया। बाक़ी सभी डिवाइस से साइन आउट कर दिया गया है।',
  'Password set. Every other device has been signed out.': 'पासवर्ड बन गया। बाक़ी सभी डिवाइस से साइन आउट कर दिया गया है।',
  'Choose a new password that differs from your current one': 'ऐसा नया पासवर्ड चुनें जो आपके मौजूदा पासवर्ड से अलग हो',
  'Incorrect password': 'पासवर्ड सही नहीं है',
  'Enter the 6-digit code we sent to your e-mail': 'हमने आपके ई-मेल पर जो 6 अंकों का कोड भेजा है, उसे डालें',
  'Your account has a password: confirm with it instead': 'आपके खाते में पासवर्ड है: उसी से पुष्टि करें',
  'We sent a 6-digit code to your e-mail': 'हमने आपके ई-मेल पर 6 अंकों का कोड भेजा है',

  // Passkeys (AccountPasskeys.tsx)
  Passkeys: 'पासकी',
  'No passkeys yet.': 'अभी कोई पासकी नहीं है।',
  'Added {date}': '{date} को जोड़ी गई',
  'Last used {date}': 'पिछली बार {date} को इस्तेमाल हुई',
  'Not used yet': 'अभी इस्तेमाल नहीं हुई',
  'Rename passkey {name}': 'पासकी {name} का नाम बदलें',
  'Remove passkey {name}': 'पासकी {name} हटाएँ',
  Rename: 'नाम बदलें',
  Remove: 'हटाएँ',
  'Removing...': 'हटाई जा रही है...',
  'This browser cannot make passkeys.': 'यह ब्राउज़र पासकी नहीं बना सकता।',
  'Waiting for your device...': 'आपके डिवाइस का इंतज़ार है...',
  'Add a passkey': 'पासकी जोड़ें',
  'Rename passkey': 'पासकी का नाम बदलें',
  'Remove passkey': 'पासकी हटाएँ',
  'Remove the passkey “{name}”? It will no longer sign in to your account.':
    'पासकी “{name}” हटाएँ? इसके बाद इससे आपके खाते में साइन इन नहीं होगा।',
  'No passkey was added.': 'कोई पासकी नहीं जोड़ी गई।',
  'Passkey added': 'पासकी जोड़ दी गई',
  'Passkey renamed': 'पासकी का नाम बदल दिया गया',
  'Passkey removed': 'पासकी हटा दी गई',
  'Passkey not found': 'पासकी नहीं मिली',
  'This passkey is already added to an account': 'यह पासकी पहले से किसी खाते में जुड़ी है',
  // PASSKEY_NAME_MAX (src/lib/sign-in-methods.ts) written out: a catalog's keys are the English texts as written.
  'Name the passkey in 1 to 64 characters': 'पासकी का नाम 1 से 64 अक्षरों में रखें',

  // The step-up before adding a passkey or an authenticator app (StepUp.tsx). The two actions complete
  // "… के लिए उसे डालें", hence their form.
  'Confirm with the e-mailed code': 'ई-मेल किए गए कोड से पुष्टि करें',
  'Code from the e-mail': 'ई-मेल में आया कोड',
  'We e-mailed a 6-digit code to your address. Enter it to {action}.':
    'हमने आपके पते पर 6 अंकों का कोड ई-मेल किया है। {action} के लिए उसे डालें।',
  'add a passkey': 'पासकी जोड़ने',
  'set up an authenticator app': 'ऑथेंटिकेटर ऐप सेट करने',
  'Send a new code': 'नया कोड भेजें',
  'Confirm with the code we e-mailed you': 'हमने आपको जो कोड ई-मेल किया है, उससे पुष्टि करें',
  'Verify your e-mail address first': 'पहले अपना ई-मेल पता सत्यापित करें',

  // Two-factor authentication (AccountTwoFactor.tsx)
  'Keep these recovery codes somewhere safe. Each signs you in once if you lose your authenticator app. They are shown only now.':
    'इन रिकवरी कोड को किसी सुरक्षित जगह रखें। ऑथेंटिकेटर ऐप खो जाने पर हर कोड से एक बार साइन इन किया जा सकता है। ये सिर्फ़ अभी दिखाए जा रहे हैं।',
  'Recovery codes': 'रिकवरी कोड',
  'Download codes': 'कोड डाउनलोड करें',
  'I have saved them': 'मैंने इन्हें सहेज लिया है',
  'Scan this QR code with your authenticator app (such as Google Authenticator, 1Password or Authy), then enter the 6-digit code it shows.':
    'यह QR कोड अपने ऑथेंटिकेटर ऐप (जैसे Google Authenticator, 1Password या Authy) से स्कैन करें, फिर ऐप में दिख रहा 6 अंकों का कोड डालें।',
  'QR code for your authenticator app': 'आपके ऑथेंटिकेटर ऐप के लिए QR कोड',
  'Or type this key into the app:': 'या यह कुंजी ऐप में टाइप करें:',
  'Code from your app': 'आपके ऐप का कोड',
  'Turn on two-factor': 'दो-चरणीय सत्यापन चालू करें',
  'Two-factor authentication is off. With it on, signing in with your password also asks for a code from an authenticator app on your phone.':
    'दो-चरणीय सत्यापन बंद है। इसे चालू करने पर, पासवर्ड से साइन इन करते समय आपके फ़ोन के ऑथेंटिकेटर ऐप का कोड भी माँगा जाएगा।',
  'Set up two-factor authentication': 'दो-चरणीय सत्यापन सेट करें',
  'Two-factor authentication is on. {left} of {total} recovery codes left. To make new recovery codes or turn it off, confirm with a code from your app or a recovery code.':
    'दो-चरणीय सत्यापन चालू है। {total} में से {left} रिकवरी कोड बचे हैं। नए रिकवरी कोड बनाने या इसे बंद करने के लिए अपने ऐप के कोड या किसी रिकवरी कोड से पुष्टि करें।',
  'Code from your app (or a recovery code)': 'आपके ऐप का कोड (या कोई रिकवरी कोड)',
  'Confirm with a code from your authenticator app or a recovery code':
    'अपने ऑथेंटिकेटर ऐप के कोड या किसी रिकवरी कोड से पुष्टि करें',
  'Sign in again with a passkey (with its PIN or fingerprint) to do this, or turn on two-factor authentication':
    'यह करने के लिए किसी पासकी (उसके PIN या फ़िंगरप्रिंट के साथ) से फिर से साइन इन करें, या दो-चरणीय सत्यापन चालू करें',
  'New recovery codes': 'नए रिकवरी कोड',
  'Turn off two-factor': 'दो-चरणीय सत्यापन बंद करें',
  'Two-factor authentication is on': 'दो-चरणीय सत्यापन चालू है',
  'Two-factor authentication is off': 'दो-चरणीय सत्यापन बंद है',
  'Two-factor authentication is already on': 'दो-चरणीय सत्यापन पहले से चालू है',
  'Set up two-factor authentication first': 'पहले दो-चरणीय सत्यापन सेट करें',
  'New recovery codes made; the old ones no longer work': 'नए रिकवरी कोड बन गए हैं; पुराने अब काम नहीं करेंगे',
  [`Enter the ${LIMITS.otpLength}-digit code from your authenticator app`]: `अपने ऑथेंटिकेटर ऐप का ${LIMITS.otpLength} अंकों का कोड डालें`,

  // Devices (AccountSessions.tsx). The API names a device "Chrome 130 on Linux": the names stay.
  'Signed-in devices': 'साइन इन किए गए डिवाइस',
  'This device': 'यह डिवाइस',
  'Signed in {signedIn} · Last active {lastActive}': '{signedIn} को साइन इन किया · आख़िरी बार {lastActive} को सक्रिय',
  'Sign out {device}, signed in {date}': '{device} से साइन आउट करें, {date} को साइन इन किया गया',
  'Signed out of {device}': '{device} से साइन आउट हो गया',
  'Signing out...': 'साइन आउट हो रहा है...',
  'Sign out': 'साइन आउट करें',
  'Signed out of every other device': 'बाक़ी सभी डिवाइस से साइन आउट हो गया',
  'Sign out of all other devices': 'बाक़ी सभी डिवाइस से साइन आउट करें',
  'This is the only device signed in to your account.': 'आपके खाते में सिर्फ़ इसी डिवाइस से साइन इन है।',
  '{browser} on {system}': '{system} पर {browser}',
  'Unknown device': 'अनजान डिवाइस',
  'Session not found': 'यह सत्र नहीं मिला',

  // Your data (AccountData.tsx)
  'A JSON file with your profile, your sign-in methods, the devices signed in to your account and the enquiries you sent us while signed in.':
    'एक JSON फ़ाइल, जिसमें आपकी प्रोफ़ाइल, साइन इन के आपके तरीक़े, आपके खाते में साइन इन किए गए डिवाइस और साइन इन रहते हुए हमें भेजी गई आपकी पूछताछ हैं।',
  'Preparing...': 'तैयार हो रहा है...',
  'Download your data': 'अपना डेटा डाउनलोड करें',
  'Your data has been downloaded': 'आपका डेटा डाउनलोड हो गया है',
  'You can download your data 5 times an hour. Please try again later.':
    'आप एक घंटे में 5 बार अपना डेटा डाउनलोड कर सकते हैं। कृपया बाद में फिर कोशिश करें।',

  // Delete account (AccountDelete.tsx)
  'Deleting your account signs you out everywhere and removes your profile, devices and sign-in methods. Enquiries you sent us stay with us, no longer linked to an account, so that we can still answer them.':
    'खाता हटाने पर आप हर जगह से साइन आउट हो जाएँगे और आपकी प्रोफ़ाइल, डिवाइस और साइन इन के तरीक़े मिटा दिए जाएँगे। आपकी भेजी पूछताछ हमारे पास रहेगी, किसी खाते से जुड़ी नहीं, ताकि हम फिर भी उसका जवाब दे सकें।',
  'Delete account…': 'खाता हटाएँ…',
  'Delete your account?': 'अपना खाता हटाएँ?',
  'This cannot be undone. Your profile, devices and sign-in methods are deleted and you are signed out everywhere.':
    'इसे वापस नहीं लिया जा सकता। आपकी प्रोफ़ाइल, डिवाइस और साइन इन के तरीक़े मिटा दिए जाएँगे और आप हर जगह से साइन आउट हो जाएँगे।',
  'Delete my account': 'मेरा खाता हटाएँ',
  'Your password': 'आपका पासवर्ड',
  'Code we sent to {email}': '{email} पर भेजा गया कोड',
  'Your account has been deleted': 'आपका खाता हटा दिया गया है',
  'You are the only admin. Make someone else an admin before deleting your account.':
    'आप अकेले एडमिन हैं। अपना खाता हटाने से पहले किसी और को एडमिन बनाएँ।',

  // The dashboard (DashboardContent.tsx, VerifyPrompt.tsx, OwnEnquiries.tsx, FeaturedProjects.tsx)
  'Welcome, {name}': 'स्वागत है, {name}',
  'Your account and the projects you can claim.': 'आपका खाता और वे प्रोजेक्ट जिन पर आप दावा कर सकते हैं।',
  'Your e-mail address is not verified yet': 'आपका ई-मेल पता अभी सत्यापित नहीं हुआ है',
  'We will mail you a 6-digit code to confirm that it is yours.':
    'यह पता आपका ही है, इसकी पुष्टि के लिए हम आपको 6 अंकों का कोड ई-मेल करेंगे।',
  'Your enquiries': 'आपकी पूछताछ',
  'Loading your enquiries…': 'आपकी पूछताछ लोड हो रही है…',
  // {link} is the link "contact form", placed where Hindi puts it.
  'Messages you send through the {link} while signed in appear here.':
    'साइन इन रहते हुए {link} से भेजे गए आपके संदेश यहाँ दिखेंगे।',
  'contact form': 'संपर्क फ़ॉर्म',
  // An enquiry's status
  New: 'नई',
  'In progress': 'काम जारी है',
  Answered: 'जवाब दिया गया',
  Closed: 'बंद',
  Tags: 'टैग',
  // The dashboard's booked calls
  'Your calls': 'आपकी कॉल',
  'Loading your calls…': 'आपकी कॉल लोड हो रही हैं…',
  'Calls you book while signed in appear here.': 'साइन इन रहते हुए बुक की गई कॉल यहाँ दिखती हैं।',
  'Book a call': 'कॉल बुक करें',
  Booked: 'बुक है',
  Cancelled: 'रद्द',
  '{time} in India': 'भारत में {time}',
};
