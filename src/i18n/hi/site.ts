// The Hindi texts of the public site's islands (src/islands/site/: the contact form, the cookie banner, the
// toaster) and of the sign-in screens (src/islands/auth/). The English text is the key; `{name}` blanks are
// filled when the text is shown, so a translation may place them wherever Hindi word order wants them.
import type { Catalog } from '../translate.ts';

export const SITE: Catalog = {
  // The contact form
  'Contact form': 'संपर्क फ़ॉर्म',
  Name: 'नाम',
  'Your name': 'आपका नाम',
  Email: 'ई-मेल',
  'Phone number': 'फ़ोन नंबर',
  Message: 'संदेश',
  'Tell us about your project': 'हमें अपने प्रोजेक्ट के बारे में बताएँ',
  'What is {x} + {y}?': '{x} + {y} कितना होता है?',
  'Check question: it appears as you type': 'जाँच प्रश्न: टाइप करना शुरू करते ही यह दिखाई देगा',
  'Send Message': 'संदेश भेजें',
  'Incorrect answer to bot protection question. Please try again.':
    'बॉट से सुरक्षा वाले प्रश्न का उत्तर गलत है। कृपया फिर से कोशिश करें।',
  'Failed to send message. Please try again.': 'संदेश नहीं भेजा जा सका। कृपया फिर से कोशिश करें।',
  'Message Sent!': 'संदेश भेज दिया गया!',
  'Thank you for reaching out. We will get back to you soon.': 'संपर्क करने के लिए धन्यवाद। हम जल्द ही आपसे संपर्क करेंगे।',
  'Send Another Message': 'एक और संदेश भेजें',

  // The cookie banner
  'Cookie consent': 'कुकी के लिए सहमति',
  'We use cookies': 'हम कुकीज़ का इस्तेमाल करते हैं',
  'Essential cookies and storage keep the site working. With your permission we would also count visits with our own analytics, which sets no cookies. Read more in our {link}.':
    'ज़रूरी कुकीज़ और स्टोरेज से साइट काम करती है। आपकी अनुमति हो, तो हम अपने एनालिटिक्स से विज़िट भी गिनेंगे, जो कोई कुकी नहीं रखता। ज़्यादा जानकारी के लिए हमारी {link} पढ़ें।',
  'privacy policy': 'निजता नीति',
  'Your current choice: {choice}.': 'आपकी मौजूदा पसंद: {choice}।',
  'Cookie Settings': 'कुकी सेटिंग',
  Essential: 'ज़रूरी',
  'Needed for the site to work: keeping you signed in, remembering this choice and protecting forms. Always on.':
    'साइट के काम करने के लिए ज़रूरी: आपको साइन इन रखना, आपकी यह पसंद याद रखना और फ़ॉर्म को सुरक्षित रखना। ये हमेशा चालू रहती हैं।',
  Analytics: 'एनालिटिक्स',
  'Help us understand which pages are visited and how the site performs, so that we can improve it. Counted on our own server, without cookies.':
    'इनसे हमें पता चलता है कि कौन-से पेज देखे जाते हैं और साइट कैसा चल रही है, ताकि हम उसे बेहतर बना सकें। यह गिनती हमारे अपने सर्वर पर, बिना कुकीज़ के होती है।',
  Marketing: 'मार्केटिंग',
  'None in use: we run no advertising or partner trackers.':
    'कोई इस्तेमाल में नहीं: हम न कोई विज्ञापन चलाते हैं, न किसी पार्टनर के ट्रैकर।',
  'Reject All': 'सभी अस्वीकार करें',
  'Essential Only': 'सिर्फ़ ज़रूरी',
  'Accept All': 'सभी स्वीकार करें',

  // The toaster
  'Notifications Alt+T': 'सूचनाएँ Alt+T',
  close: 'बंद करें',

  // Sign-in screens: shared
  or: 'या',
  Password: 'पासवर्ड',
  'Processing...': 'प्रक्रिया जारी है...',
  'Signing in...': 'साइन इन हो रहा है...',
  'Sign in': 'साइन इन करें',
  'Forgot your password?': 'पासवर्ड भूल गए?',

  // /login
  'Welcome back. Sign in to reach your dashboard.': 'फिर से स्वागत है। अपने डैशबोर्ड पर जाने के लिए साइन इन करें।',
  'Remember me': 'मुझे याद रखें',
  'Sign in with a passkey': 'पासकी से साइन इन करें',
  'Sign in with Google': 'Google से साइन इन करें',
  'No account yet?': 'अभी तक खाता नहीं है?',
  'Create one': 'नया खाता बनाएँ',
  'Passkey sign-in failed': 'पासकी से साइन इन नहीं हो सका',

  // /Signup
  'Create your account': 'अपना खाता बनाएँ',
  'Join us to follow your projects and claim featured sites.':
    'अपने प्रोजेक्ट्स पर नज़र रखने और फ़ीचर की गई साइटों पर दावा करने के लिए हमसे जुड़ें।',
  'Full name': 'पूरा नाम',
  'Creating account...': 'खाता बन रहा है...',
  'Create account': 'खाता बनाएँ',
  'Sign up with Google': 'Google से साइन अप करें',
  'GitHub sign-up is not available yet': 'GitHub से साइन अप अभी उपलब्ध नहीं है',
  'Sign up with GitHub (coming soon)': 'GitHub से साइन अप करें (जल्द आ रहा है)',
  'Already have an account?': 'पहले से खाता है?',
  'Back to home': 'होम पेज पर वापस जाएँ',
  'Signup failed': 'साइन अप नहीं हो सका',

  // /forgot-password
  'Enter the e-mail address of your account and we will send you a {count}-digit code.':
    'अपने खाते का ई-मेल पता डालें, हम आपको {count} अंकों का एक कोड भेजेंगे।',
  'Enter the code': 'कोड डालें',
  'Type the {count}-digit code we sent to your e-mail.': 'हमने आपके ई-मेल पर {count} अंकों का जो कोड भेजा है, उसे डालें।',
  'Choose a new password': 'नया पासवर्ड चुनें',
  'Use at least {count} characters.': 'कम से कम {count} अक्षर रखें।',
  'Back to login': 'लॉगिन पर वापस जाएँ',
  'Send code': 'कोड भेजें',
  'Code sent to {email}': '{email} पर भेजा गया कोड',
  Continue: 'आगे बढ़ें',
  'New password': 'नया पासवर्ड',
  'Reset password': 'पासवर्ड रीसेट करें',
  'Enter the code again': 'कोड फिर से डालें',
  'OTP sent to your email': 'ओटीपी आपके ई-मेल पर भेज दिया गया है',
  'Failed to send OTP': 'ओटीपी नहीं भेजा जा सका',
  'Invalid OTP': 'ओटीपी गलत है',
  'OTP verified': 'ओटीपी की पुष्टि हो गई',
  'Failed to reset password': 'पासवर्ड रीसेट नहीं हो सका',

  // /email-verify
  'Verify Your Email': 'अपना ई-मेल सत्यापित करें',
  'Signed in as {email}.': 'आप {email} से साइन इन हैं।',
  'Enter 6 Digit Code sent to your Mail': 'अपने ई-मेल पर भेजा गया 6 अंकों का कोड डालें',
  'verify Email': 'ई-मेल सत्यापित करें',
  'No code?': 'कोड नहीं मिला?',
  'Send a new code': 'नया कोड भेजें',
  'Email verified': 'ई-मेल सत्यापित हो गया',

  // Google
  'Google sign-in is not available on this site yet.': 'इस साइट पर अभी Google से साइन इन उपलब्ध नहीं है।',
  'Google sign-in could not be loaded. Please use your e-mail and password.':
    'Google साइन इन लोड नहीं हो सका। कृपया अपने ई-मेल और पासवर्ड से साइन इन करें।',
  'Something went wrong during Google login.': 'Google से लॉगिन करते समय कुछ गड़बड़ हो गई।',
  'Google login failed — no authorization code received.': 'Google से लॉगिन नहीं हो सका — कोई ऑथराइज़ेशन कोड नहीं मिला।',
  'Welcome, {name}!': 'स्वागत है, {name}!',
  'Completing Google sign-in…': 'Google से साइन इन पूरा हो रहा है…',
  'Google sign-in did not complete': 'Google से साइन इन पूरा नहीं हुआ',
  'Please {link}.': 'कृपया {link}।',
  'try signing in again': 'फिर से साइन इन करके देखें',

  // The second step of a sign-in with two-factor on
  'Two-factor authentication': 'दो-चरणीय सत्यापन',
  'Enter the 6-digit code from your authenticator app.': 'अपने ऑथेंटिकेटर ऐप का 6 अंकों का कोड डालें।',
  'Recovery code': 'रिकवरी कोड',
  'Code from your authenticator app': 'आपके ऑथेंटिकेटर ऐप का कोड',
  'Checking...': 'जाँच हो रही है...',
  Verify: 'सत्यापित करें',
  'Use a code from your app': 'अपने ऐप का कोड इस्तेमाल करें',
  'Use a recovery code': 'रिकवरी कोड इस्तेमाल करें',
  'Start over': 'फिर से शुरू करें',
  'Signed in': 'साइन इन हो गया',
};
