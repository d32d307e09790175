import { createHash, timingSafeEqual } from 'node:crypto';

/** The embedded identity provider's demo accounts (issue 2), there only in demo mode (DEMO_MODE). Passwords are in the README. */
export interface DemoUser {
  sub: string;
  email: string;
  password: string;
  name: string;
  tenant: string;
  roles: string[];
  /** Background of the generated avatar. */
  colour: string;
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    sub: 'user-power-1',
    email: 'power@gridlens.demo',
    password: 'power-demo',
    name: 'Aoife Byrne',
    tenant: 'netzero',
    roles: ['Operator'],
    colour: '#1565c0',
  },
  // NetZero's administrator (role Admin): edits the rollout plan's planner groups and imports its sites.
  {
    sub: 'user-power-admin-1',
    email: 'admin@gridlens.demo',
    password: 'admin-demo',
    name: 'Niamh Kelly',
    tenant: 'netzero',
    roles: ['Operator', 'Admin'],
    colour: '#00838f',
  },
  {
    sub: 'user-fleet-1',
    email: 'fleet@gridlens.demo',
    password: 'fleet-demo',
    name: 'Marek Nowak',
    tenant: 'fleetco',
    roles: ['Operator'],
    colour: '#2e7d32',
  },
  {
    sub: 'user-grid-1',
    email: 'gridwest@gridlens.demo',
    password: 'gridwest-demo',
    name: 'Claire Dubois',
    tenant: 'gridwest',
    roles: ['Operator'],
    colour: '#6a1b9a',
  },
  {
    sub: 'user-installer-1',
    email: 'installer@gridlens.demo',
    password: 'installer-demo',
    name: 'Seán Murphy',
    tenant: 'netzero',
    roles: ['Installer'],
    colour: '#ef6c00',
  },
  {
    sub: 'user-stranger-1',
    email: 'stranger@gridlens.demo',
    password: 'stranger-demo',
    name: 'Lucía García',
    tenant: 'unknown-co',
    roles: ['Operator'],
    colour: '#546e7a',
  },
];

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Finds the account for a sign-in; the comparison takes the same time whatever the password. */
export function authenticateDemoUser(users: readonly DemoUser[], email: string, password: string): DemoUser | null {
  const user = users.find((u) => u.email.toLowerCase() === email.trim().toLowerCase());
  const expected = digest(user?.password ?? 'no-such-user');
  const matches = timingSafeEqual(expected, digest(password));
  return user && matches ? user : null;
}

export function demoUserBySub(users: readonly DemoUser[], sub: string): DemoUser | null {
  return users.find((u) => u.sub === sub) ?? null;
}

/** A small SVG of the user's initials, served as their profile picture. */
export function avatarSvg(user: DemoUser): string {
  const initials = user.name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="48" fill="${user.colour}"/><text x="48" y="60" font-family="Arial,sans-serif" font-size="38" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
}

/** What the start-up prints in demo mode: where to sign in and as whom. Never a password (they are on the sign-in page). */
export function demoAccountsBanner(users: readonly DemoUser[], url: string): string {
  const lines = users.map((u) => `  ${u.email.padEnd(26)} ${u.name} (${u.tenant}, ${u.roles.join(', ')})`);
  return `\nGridlens is running at ${url}\nDemo accounts (their passwords are on the sign-in page; DEMO_MODE=false removes them):\n${lines.join('\n')}\n\n`;
}
