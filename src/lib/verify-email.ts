// Asks the API to mail a verification code to the signed-in user (POST /api/v1/auth/verify-otp).
import { api } from './api-client.ts';
import { errorMessage } from './api-error.ts';
import { flashAndGo, notify } from './toast.ts';

/** From the dashboard: on success the toast follows to /email-verify. */
export async function requestVerifyCode(then: 'go' | 'stay') {
  try {
    const res = await api.post('v1/auth/verify-otp');
    const message = res.message || 'Verification code sent';
    if (then === 'go') flashAndGo('success', message, '/email-verify');
    else notify('success', message);
  } catch (err) {
    notify('error', errorMessage(err));
  }
}
