import type { RoleKey } from '@cohort/domain';
import { roleByKey } from '@cohort/domain';
import type { Mock } from 'vitest';
import { appStore, initialState } from '../../lib/store';
import { jsonResponse } from '../../testing/render';
import type { Role } from './api/role-types';

const at = '2026-01-05T10:00:00.000Z';
const builtIn = (id: number, name: string, members: number): Role => ({
  id,
  name,
  description: `${name} description`,
  builtIn: true,
  parentRoleId: null,
  version: 1,
  members,
  createdAt: at,
  updatedAt: at,
});

/** The ten built-in roles and two custom ones, as `GET /admin/role/get` answers. */
export const ROLES_FIXTURE: Role[] = [
  builtIn(1, 'ADMIN', 1),
  builtIn(2, 'USER', 100),
  builtIn(3, 'MOTIVATOR', 4),
  builtIn(4, 'MARKETING', 1),
  builtIn(5, 'MENTOR', 6),
  builtIn(6, 'STRATEGIC PARTNERSHIP', 1),
  builtIn(7, 'KEY ACCOUNT MANAGER', 1),
  builtIn(8, 'NEGOTIATOR', 1),
  builtIn(9, 'COLLEGE_ADMIN', 1),
  builtIn(10, 'HR', 1),
  { ...builtIn(100, 'Senior Mentor', 2), builtIn: false, parentRoleId: 5, description: 'Leads mentors', version: 3 },
  { ...builtIn(101, 'Mentor Lead', 0), builtIn: false, parentRoleId: 100, description: null },
];

/** Signs a user of `role` in (store only). */
export function signInAs(role: RoleKey): void {
  const r = roleByKey(role)!;
  appStore.setState({
    ...initialState,
    token: 'tok',
    appLoaded: true,
    user: {
      id: 1,
      name: 'Tester',
      email: 't@cohort.test',
      role: r.name,
      roleId: r.id,
      twoFactorEnabled: false,
      mustChangePassword: false,
    },
  });
}

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response | undefined> | undefined;

/** A fetch stub answering by path; unanswered calls fail the test with a 500. */
export function stubApi(fetchMock: Mock<typeof fetch>, handler: Handler): void {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const answer = await handler(url, init);
    return answer ?? jsonResponse(500, { message: `unexpected ${init?.method ?? 'GET'} ${url.pathname}` });
  });
}

/** The paths (with method) of every call made. */
export function calls(fetchMock: Mock<typeof fetch>): string[] {
  return fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input).split('?')[0]}`);
}
