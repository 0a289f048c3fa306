// /account, Profile: the name (at least 2 characters, checked here and by the API). A saved name goes
// into the session store, so the avatar menu and every other island follow at once.
import type { SubmitEvent } from 'react';
import { api } from '../../lib/api-client.ts';
import type { ProfileResponse } from '../../lib/schemas/account.ts';
import type { User } from '../../lib/schemas/auth.ts';
import { updateUser } from '../../lib/session.ts';
import { notify } from '../../lib/toast.ts';
import { accountSchemas } from './account-schemas.ts';
import { AccountPanel, problemOf } from './AccountPanel.tsx';
import { Field } from '../ui/Field.tsx';
import { primaryButton } from '../ui/classes.ts';
import { useT } from '../ui/i18n.tsx';
import { useForm } from '../ui/useForm.ts';
import { Island, type IslandProps } from '../ui/Island.tsx';
import { TRANSLATIONS } from './catalogs.ts';

function ProfileForm({ user }: { user: User }) {
  const t = useT();
  const form = useForm();

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const name = new FormData(e.currentTarget).get('name');
    const schemas = await form.schemas(accountSchemas);
    if (!schemas) return;
    const body = form.check(schemas.profileBody, { name });
    if (!body) return;
    await form.run(
      async () => {
        const res = await api.patch<ProfileResponse>('v1/account', body);
        updateUser(res.user);
        notify('success', t(res.message ?? 'Profile updated'));
      },
      { onError: problemOf },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4">
      <Field
        id="account-name"
        name="name"
        label={t('Name')}
        autoComplete="name"
        required
        minLength={2}
        maxLength={100}
        defaultValue={user.name}
        // The one field: a message that names no field is shown under it too.
        error={form.errors.name ?? (form.alert || undefined)}
      />
      <div>
        <p className="text-sm font-medium text-ink">{t('Email')}</p>
        <p className="mt-1 text-sm text-slate-700">{user.email}</p>
        <p className="mt-1 text-xs text-slate-600">{t('You sign in with this address; it cannot be changed here.')}</p>
      </div>
      <button type="submit" className={`${primaryButton} sm:w-auto sm:justify-self-start`} disabled={form.busy}>
        {form.busy ? t('Saving...') : t('Save name')}
      </button>
    </form>
  );
}

export default function AccountProfile({ locale }: IslandProps) {
  return (
    <Island locale={locale} catalogs={TRANSLATIONS}>
      <AccountPanel>{(user) => <ProfileForm user={user} />}</AccountPanel>
    </Island>
  );
}
