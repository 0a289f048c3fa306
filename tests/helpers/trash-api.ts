// The trash API tests' fixture: one API for the test file with an admin, and the admin's calls the trash
// tests share (delete, restore, the ids listed in the trash). `useTrashApi()` (called once at the top of a
// test file) starts it before its tests and closes it after; `t` and `admin` are then the file's.
import { afterAll, beforeAll } from 'vitest';
import { makeAdmin } from './admin.ts';
import { startTestApi, type Account, type TestApi } from './api.ts';

export const DAY = 86_400_000;

export let t: TestApi;
export let admin: Account;

export function useTrashApi() {
  beforeAll(async () => {
    t = await startTestApi();
    admin = await makeAdmin(t);
  });
  afterAll(() => t.close());
}

export const del = (path: string) => t.call('DELETE', path, { token: admin.token });
export const restore = (kind: string, id: string) =>
  t.call('POST', `/v1/admin/trash/${kind}/${id}/restore`, { token: admin.token });
export const trashIds = async (kind?: string) =>
  (
    await t.call('GET', `/v1/admin/trash?pageSize=100${kind ? `&kind=${kind}` : ''}`, { token: admin.token })
  ).body.data.map((i: { _id: string }) => i._id);
