// Asks the API to mail a verification code to the signed-in user (POST /api/v1/auth/verify-otp).
import { api } from './api-client.ts';
import { errorMessage } from './api-error.ts';
import { flashAndGo, notify } from './toast.ts';
import type { Localizer } from '../i18n/translate.ts';
/** From the dashboard or the avatar menu: on success (`go`) the toast follows to the code page. */
export async function requestVerifyCode(then: 'go' | 'stay', { t, path }: Localizer) {
  try {
    const res = await api.post('v1/auth/verify-otp');
    const message = t(res.message || 'Verification code sent');
    if (then === 'go') flashAndGo('success', message, path('/email-verify'));
    else notify('success', message);
  } catch (err) {
    notify('error', t(errorMessage(err)));
  }
}
