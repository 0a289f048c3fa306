// The product's business constants (lengths, timings, counts) and the server's limits, in one place.
export const LIMITS = {
  passwordMin: 6,
  passwordMax: 128,
  nameMin: 2,
  nameMax: 100,
  emailMax: 254,
  otpLength: 6,
  contactNameMax: 100,
  contactPhoneMax: 32,
  contactMessageMax: 5000,
  /** The contact form's body: room for a message of contactMessageMax characters in UTF-8. */
  contactBodyBytes: 16 * 1024,
  /** Every other API body: the largest valid one (a signup) stays under 3 KiB even fully \u-escaped. */
  apiBodyBytes: 4 * 1024,
  /** A browser's passkey answer: its attestation or signature, base64url in JSON, is a few KiB at most. */
  passkeyBodyBytes: 16 * 1024,
  /** Rows per page of the admin lists: what the browser asks for and the API's default. */
  adminPageSize: 10,
  adminPageSizeMax: 100,
  /** An enquiry's internal note and an admin's e-mailed reply. */
  adminNoteMax: 5000,
  adminReplyMax: 5000,
  /** Deleted users and enquiries stay restorable this long, then the trash purge removes them. */
  trashDays: 30,
  /** Book a Call: the days one slots query may cover, and the length of a booking's topic. */
  bookingDaysMax: 31,
  bookingTopicMax: 500,
} as const;

/** Where an enquiry stands; a new enquiry is 'new', an e-mailed reply makes it 'answered'. */
export const ENQUIRY_STATUSES = ['new', 'in-progress', 'answered', 'closed'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

/** A booked call is confirmed until the visitor or an admin cancels it. */
export const BOOKING_STATUSES = ['confirmed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The periods, in days, that the admin area's reports (dashboard charts, analytics) offer. */
export const ADMIN_REPORT_DAYS = [30, 90] as const;

/** First-party analytics (src/server/analytics/, src/scripts/analytics.ts). */
export const ANALYTICS = {
  /** Longest path or referrer a beacon may send; the stored path is cut to pathMax after normalising. */
  inputMax: 1024,
  pathMax: 512,
  utmMax: 100,
  /** Raw views (with the day's visitor hash) are deleted after this many days; daily counts stay. */
  rawDays: 30,
  /** Rows in each "top" list of the admin view. */
  top: 10,
  /**
   * Keys kept per finished day and dimension by the daily cut: the most visited ones; the rest are summed
   * under the key '' ("other"). A finished day holds at most 1 + 4 devices + 5 × (keysPerDay + 1) rows,
   * whatever was sent.
   */
  keysPerDay: 100,
  /** Daily counts are deleted after this many days (the reports look back 90). */
  dailyDays: 400,
  /** Views counted from one address in a minute; more are answered alike and dropped. */
  viewsPerIpMinute: 120,
} as const;

export const DEVICE_CLASSES = ['desktop', 'mobile', 'tablet', 'other'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

export const TIMINGS = {
  contactSuccessPanelMs: 5000,
  headerShadowPx: 10,
  backToTopPx: 300,
  revealThreshold: 0.1,
  heroRevealDelayMs: 100,
  serviceCardStaggerMs: 100,
  projectCardStaggerS: 0.1,
  /** Cards that come into view together stagger by their step, for at most this many steps. */
  revealStaggerMaxSteps: 5,
  scrollToAnchorDelayMs: 100,
  marqueeSpeed: 100,
} as const;

export const BOT_CHECK = { min: 1, max: 10 } as const;

export const COOKIE_CONSENT_VALUES = ['accepted', 'essential', 'rejected'] as const;
export type CookieConsent = (typeof COOKIE_CONSENT_VALUES)[number];

/** localStorage key of the session token (the product names it `token`). */
export const TOKEN_KEY = 'token';
/** The device token sign-in answers carry: kept across sign-outs, sent back with the next sign-in. */
export const DEVICE_TOKEN_KEY = 'deviceToken';

/** localStorage key of the cookie-consent choice (one of COOKIE_CONSENT_VALUES). */
export const COOKIE_CONSENT_KEY = 'cookieConsent';

/**
 * The footer's 'Cookie settings' asks for the banner again: this window event (which also hydrates the
 * banner's island) and this class on <html> until a choice is made (src/lib/consent.ts).
 */
export const COOKIE_SETTINGS_EVENT = 'cookie-settings-requested';
export const COOKIE_SETTINGS_CLASS = 'cookie-settings-open';
/** On <html> once a choice is stored: hides the cookie banner (src/styles/global.css). */
export const CONSENT_GIVEN_CLASS = 'consent-given';

/** Where the analytics script sends a page view (src/scripts/analytics.ts). */
export const ANALYTICS_VIEW_PATH = '/api/v1/analytics/view';

/** sessionStorage key of toasts waiting for the next page's toaster (src/lib/toast.ts). */
export const FLASH_KEY = 'flashToasts';
/** Window event that asks for the toaster; it hydrates on the first one (src/directives/toast.ts). */
export const TOAST_EVENT = 'toast-requested';

/** Query parameter of /contact that pre-fills the message with a featured project's name, to claim it. */
export const CLAIM_PARAM = 'claim';
/** How a claim starts the message: the site's name after it, on the first line (the dashboard lists it). */
export const CLAIM_PREFIX = 'Claim: ';

/**
 * localStorage key of the colour scheme chosen with the header's switch: 'light' or 'dark'; absent means
 * "follow the system". An essential preference of this device, not tracking: it is kept whatever the
 * cookie choice.
 */
export const THEME_KEY = 'theme';
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
