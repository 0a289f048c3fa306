// Fixed values that both the content schemas and the CMS's menus offer. No zod here: the CMS bundle
// imports this file and must stay small.

/** The six service ids, spelt exactly so (spaces included): they are the last segment of the services' URLs. */
export const SERVICE_IDS = [
  'Website-Development',
  'Mobile Application Development',
  'CMS Development',
  'Building Projects',
  'Automation',
  'SEO and Analytics',
] as const;

/** The social networks the footer has an icon for. */
export const SOCIAL_NETWORKS = ['Instagram', 'LinkedIn', 'Facebook', 'Threads'] as const;

/** The days of the week, as content/site.json's booking.days names them. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
