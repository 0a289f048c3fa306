// The dashboard's featured projects: the cards of the `featured` collection under the section's heading
// and claim rule (content/intros/featured.md, its text rendered from Markdown at build time). A card whose own link does not already lead to the contact form offers to claim it: the contact form
// opens with the card's title (the site's name) filled in.
import { withoutLocale } from '../../i18n/locales.ts';
import { CLAIM_PARAM } from '../../lib/constants.ts';
import { useLanguage } from '../ui/i18n.tsx';

export interface FeaturedProject {
  id: string;
  title: string;
  description: string;
  image?: string | undefined;
  imageAlt?: string | undefined;
  badge?: string | undefined;
  tags?: string[] | undefined;
  link?: { href: string; label: string } | undefined;
}

/** The section's copy: its heading, the claim rule as HTML (from our own Markdown file) and the claim button. */
export interface FeaturedIntro {
  heading: string;
  html: string;
  action: string;
}

/** What the dashboard's featured section shows, as its page passes it to the island. */
export interface FeaturedSection {
  intro: FeaturedIntro;
  projects: FeaturedProject[];
}

/** A card's link: a page of the site in the page's language; any other address as it is. */
const isSitePath = (href: string) => href.startsWith('/') && !href.startsWith('//');

export function FeaturedProjects({ intro, projects }: FeaturedSection) {
  const { t, path } = useLanguage();
  return (
    <section aria-labelledby="featured-title" className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <h2 id="featured-title" className="text-2xl font-bold tracking-tight text-ink">
        {intro.heading}
      </h2>
      <div
        className="mt-2 max-w-3xl text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline"
        // Built from content/intros/featured.md by Astro at build time: the site's own Markdown, no visitor input.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: see the line above.
        dangerouslySetInnerHTML={{ __html: intro.html }}
      />
      <ul className="mt-8 grid gap-6 md:grid-cols-2">
        {projects.map((p) => (
          <li
            key={p.id}
            className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-surface shadow-sm"
          >
            {p.image && (
              <img src={p.image} alt={p.imageAlt ?? ''} className="aspect-video w-full object-cover" loading="lazy" />
            )}
            <div className="flex flex-1 flex-col gap-3 p-6">
              {p.badge && (
                <span className="self-start rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">
                  {p.badge}
                </span>
              )}
              <h3 className="text-lg font-semibold text-ink">{p.title}</h3>
              <p className="flex-1 text-sm text-slate-700">{p.description}</p>
              {p.tags && p.tags.length > 0 && (
                <ul className="flex flex-wrap gap-2" aria-label={t('Tags')}>
                  {p.tags.map((tag) => (
                    <li key={tag} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                      {tag}
                    </li>
                  ))}
                </ul>
              )}
              <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
                {p.link && (
                  <a
                    href={isSitePath(p.link.href) ? path(p.link.href) : p.link.href}
                    className="font-semibold text-brand-700 underline-offset-2 hover:underline"
                    {...(/^https?:/.test(p.link.href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  >
                    {p.link.label}
                  </a>
                )}
                {!(p.link && withoutLocale(p.link.href).startsWith('/contact')) && (
                  <a
                    href={`${path('/contact')}?${CLAIM_PARAM}=${encodeURIComponent(p.title)}`}
                    aria-label={`${intro.action}: ${p.title}`}
                    className="rounded-lg bg-action px-4 py-2 text-sm font-semibold text-white hover:bg-action-hover"
                  >
                    {intro.action}
                  </a>
                )}
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
