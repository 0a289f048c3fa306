// The dashboard's "Your enquiries": what the user sent through the contact form while signed in, with
// the date, the first line and where it stands.
import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client.ts';
import type { EnquiryStatus } from '../../lib/constants.ts';
import type { OwnEnquiriesResponse, OwnEnquiry } from '../../lib/schemas/account.ts';
import { formatDay, problemOf } from './AccountPanel.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { Loading } from '../ui/Loading.tsx';
import { useLanguage } from '../ui/i18n.tsx';

/** The labels in English: they are the catalogs' keys. */
const STATUS: Record<EnquiryStatus, { label: string; className: string }> = {
  new: { label: 'New', className: 'bg-slate-100 text-slate-800' },
  'in-progress': { label: 'In progress', className: 'bg-amber-100 text-amber-900' },
  answered: { label: 'Answered', className: 'bg-emerald-100 text-emerald-800' },
  closed: { label: 'Closed', className: 'bg-slate-200 text-slate-800' },
};

const firstLine = (message: string) => message.trim().split('\n')[0]?.trim() ?? '';

/** The empty state's sentence, its link where the language puts it. */
const EMPTY = 'Messages you send through the {link} while signed in appear here.';

export function OwnEnquiries() {
  const { t, path, locale } = useLanguage();
  const [enquiries, setEnquiries] = useState<OwnEnquiry[] | null>(null);
  const [alert, setAlert] = useState('');

  useEffect(() => {
    api
      .get<OwnEnquiriesResponse>('v1/account/enquiries')
      .then((res) => setEnquiries(res.data))
      .catch((err: unknown) => setAlert(problemOf(err).message));
  }, []);

  // Left unfilled, the blank stays in the text and marks where the link goes.
  const [before, after] = t(EMPTY).split('{link}');
  return (
    <section aria-labelledby="enquiries-title" className="mx-auto w-full max-w-6xl px-4 pt-10 sm:px-6 lg:px-8">
      <h2 id="enquiries-title" className="text-2xl font-bold tracking-tight text-ink">
        {t('Your enquiries')}
      </h2>
      {alert ? (
        <div className="mt-4">
          <FormAlert message={alert} />
        </div>
      ) : !enquiries ? (
        <Loading compact label={t('Loading your enquiries…')} />
      ) : enquiries.length === 0 ? (
        <p className="mt-2 text-slate-700">
          {before}
          <a href={path('/contact')} className="font-medium text-brand-700 underline">
            {t('contact form')}
          </a>
          {after}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-surface">
          {enquiries.map((e) => (
            <li key={e._id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-4">
              <time dateTime={e.createdAt} className="w-28 shrink-0 text-sm text-slate-700">
                {formatDay(e.createdAt, locale)}
              </time>
              <p className="min-w-0 flex-1 truncate text-ink" title={firstLine(e.message)}>
                {firstLine(e.message)}
              </p>
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS[e.status].className}`}>
                {t(STATUS[e.status].label)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
