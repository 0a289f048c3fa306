// The Hindi texts every island may show: the shared components' own (src/islands/ui/), the messages of the
// API and of the HTTP client that reach a screen, and the checks of the forms' zod schemas. The English
// text is the key, exactly as the code or the server writes it; a message with a number in it is keyed with
// that number from LIMITS, as the schema builds it. Each island's catalog is spread over this one.
import { LIMITS } from '../../lib/constants.ts';
import type { Catalog } from '../translate.ts';

export const UI: Catalog = {
  // Shared components (src/islands/ui/)
  'Account menu for {email}': '{email} का खाता मेनू',
  Verified: 'सत्यापित',
  'Verify Account': 'खाता सत्यापित करें',
  'Admin area': 'एडमिन क्षेत्र',
  'Account settings': 'खाता सेटिंग',
  'Log out': 'लॉग आउट करें',
  'Please confirm': 'कृपया पुष्टि करें',
  Cancel: 'रद्द करें',
  'Please wait...': 'कृपया प्रतीक्षा करें...',
  'Unexpected Application Error!': 'ऐप्लिकेशन में अनपेक्षित त्रुटि!',
  'Unknown error': 'अज्ञात त्रुटि',
  'Loading…': 'लोड हो रहा है…',
  'Digit {index} of {count}': '{count} में से अंक {index}',
  'We could not load your account: {message}': 'हम आपका खाता लोड नहीं कर सके: {message}',
  'Try again': 'फिर से कोशिश करें',
  'Checking your session…': 'आपका सत्र जाँचा जा रहा है…',
  'Colour scheme': 'रंग योजना',
  System: 'सिस्टम',
  Light: 'हल्की',
  Dark: 'गहरी',
  'Your account is already verified': 'आपका खाता पहले से सत्यापित है',
  'You were signed out on this device. Sign in again to continue.':
    'इस डिवाइस पर आपको साइन आउट कर दिया गया है। जारी रखने के लिए फिर से साइन इन करें।',
  'Successfully logged out': 'आप सफलतापूर्वक लॉग आउट हो गए हैं',
  'Failed to log out': 'लॉग आउट नहीं हो सका',
  'Verification code sent': 'सत्यापन कोड भेज दिया गया है',

  // The HTTP client, when no answer came
  'Could not reach the server': 'सर्वर से संपर्क नहीं हो सका',
  'The server took too long to answer': 'सर्वर ने जवाब देने में बहुत देर लगाई',
  'Request failed': 'अनुरोध पूरा नहीं हो सका',

  // The API: any call
  'Invalid input': 'दी गई जानकारी मान्य नहीं है',
  'Bad request': 'अनुरोध मान्य नहीं है',
  'Not found': 'नहीं मिला',
  'Something went wrong. Please try again.': 'कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।',
  'Service temporarily unavailable. Please try again shortly.':
    'सेवा अभी कुछ समय के लिए उपलब्ध नहीं है। कृपया थोड़ी देर में फिर से कोशिश करें।',
  'The server is busy. Please try again shortly.': 'सर्वर अभी व्यस्त है। कृपया थोड़ी देर में फिर से कोशिश करें।',
  'The server is busy. Please try again in a moment.': 'सर्वर अभी व्यस्त है। कृपया एक पल बाद फिर से कोशिश करें।',
  'Too many requests. Please try again later.': 'बहुत सारे अनुरोध आए हैं। कृपया कुछ देर बाद फिर से कोशिश करें।',
  'Not authorized. Please sign in.': 'अनुमति नहीं है। कृपया साइन इन करें।',
  'Your session has ended. Please sign in again.': 'आपका सत्र समाप्त हो गया है। कृपया फिर से साइन इन करें।',

  // The API: signup, sign-in and sign-out
  'An account with this email already exists': 'इस ई-मेल से एक खाता पहले से मौजूद है',
  'Invalid credentials': 'ई-मेल या पासवर्ड गलत है',
  'Account created successfully!': 'आपका खाता सफलतापूर्वक बन गया!',
  'Signed in successfully': 'आप सफलतापूर्वक साइन इन हो गए हैं',
  'Too many failed sign-ins for this account. Please try again later, or reset your password by e-mail.':
    'इस खाते में साइन इन की बहुत सारी कोशिशें नाकाम रही हैं। कृपया कुछ देर बाद फिर से कोशिश करें, या ई-मेल के ज़रिए अपना पासवर्ड रीसेट करें।',
  'This password is too common: it appears in lists of leaked passwords. Please choose another.':
    'यह पासवर्ड बहुत आम है: यह लीक हुए पासवर्डों की सूचियों में मिलता है। कृपया कोई दूसरा पासवर्ड चुनें।',

  // The API: mailed codes (password reset, e-mail verification)
  'If an account exists for that address, a code has been sent.':
    'अगर इस पते से कोई खाता है, तो उस पर एक कोड भेज दिया गया है।',
  'Invalid or expired code. Please request a new one.': 'कोड गलत है या उसकी समय-सीमा खत्म हो चुकी है। कृपया नया कोड मँगाएँ।',
  'Too many wrong attempts. Please request a new code.': 'बहुत बार गलत कोड डाला गया है। कृपया नया कोड मँगाएँ।',
  'Too many code requests. Please wait a minute and try again.':
    'बहुत बार कोड माँगा गया है। कृपया एक मिनट रुककर फिर से कोशिश करें।',
  'Could not send the e-mail just now. Please try again in a minute.':
    'अभी ई-मेल नहीं भेजा जा सका। कृपया एक मिनट बाद फिर से कोशिश करें।',
  'Invalid code': 'कोड गलत है',
  'Password reset successfully': 'पासवर्ड सफलतापूर्वक रीसेट हो गया',
  'Verification code sent to your email': 'सत्यापन कोड आपके ई-मेल पर भेज दिया गया है',
  'Email verified successfully': 'ई-मेल सफलतापूर्वक सत्यापित हो गया',

  // The API: Google, passkeys and the second step of a sign-in
  'Google sign-in failed. Please try again.': 'Google से साइन इन नहीं हो सका। कृपया फिर से कोशिश करें।',
  'Your Google e-mail address is not verified.': 'आपका Google ई-मेल पता सत्यापित नहीं है।',
  'Google sign-in is unavailable just now. Please try again.': 'Google से साइन इन अभी उपलब्ध नहीं है। कृपया फिर से कोशिश करें।',
  'Google sign-in is not configured': 'Google से साइन इन की सुविधा चालू नहीं की गई है',
  'Missing authorization code': 'ऑथराइज़ेशन कोड नहीं मिला',
  'This passkey request has expired. Please try again.': 'पासकी अनुरोध की समय-सीमा खत्म हो गई है। कृपया फिर से कोशिश करें।',
  'This passkey could not be verified': 'इस पासकी की पुष्टि नहीं हो सकी',
  'This sign-in has expired. Please sign in again.': 'इस साइन इन की समय-सीमा खत्म हो गई है। कृपया फिर से साइन इन करें।',
  'Enter the code from your authenticator app': 'अपने ऑथेंटिकेटर ऐप का कोड डालें',
  'Enter a code from your authenticator app or a recovery code': 'अपने ऑथेंटिकेटर ऐप का कोड या कोई रिकवरी कोड डालें',
  'Sign in again': 'फिर से साइन इन करें',

  // The API: the contact form
  'Message sent successfully!': 'संदेश सफलतापूर्वक भेज दिया गया!',
  Required: 'यह जानकारी भरना ज़रूरी है',
  'Invalid email address': 'ई-मेल पता सही नहीं है',

  // The forms' checks (src/lib/schemas/auth.ts), as the forms and the API word them
  'Enter a Vaild Email': 'कृपया सही ई-मेल पता डालें',
  'Please enter a valid email': 'कृपया सही ई-मेल डालें',
  'Please enter a valid email address': 'कृपया सही ई-मेल पता डालें',
  [`Password must be at least ${LIMITS.passwordMin} characters`]: `पासवर्ड में कम से कम ${LIMITS.passwordMin} अक्षर होने चाहिए`,
  [`Password must be at most ${LIMITS.passwordMax} characters`]: `पासवर्ड में ज़्यादा से ज़्यादा ${LIMITS.passwordMax} अक्षर हो सकते हैं`,
  [`Name must be at least ${LIMITS.nameMin} characters`]: `नाम में कम से कम ${LIMITS.nameMin} अक्षर होने चाहिए`,
  [`Name must be at most ${LIMITS.nameMax} characters`]: `नाम में ज़्यादा से ज़्यादा ${LIMITS.nameMax} अक्षर हो सकते हैं`,
  [`OTP must be ${LIMITS.otpLength} digits`]: `ओटीपी ${LIMITS.otpLength} अंकों का होना चाहिए`,
};
