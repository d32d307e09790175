import { describe, expect, it } from 'vitest';
import { parseRenderFragment, takeRenderSession } from './render-session';

const TICKET = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJyZW5kZXIifQ.c2lnbmF0dXJl';

/** An address bar whose replaceState changes it, as a browser's does. */
function addressBar(url: string) {
  const address = new URL(url);
  const replaced: { state: unknown; url: string }[] = [];
  const location = {
    get hash() {
      return address.hash;
    },
    get pathname() {
      return address.pathname;
    },
    get search() {
      return address.search;
    },
  };
  const history = {
    state: { idx: 0 } as unknown,
    replaceState(state: unknown, _unused: string, next?: string | URL | null) {
      replaced.push({ state, url: String(next) });
      const target = new URL(String(next), address);
      address.pathname = target.pathname;
      address.search = target.search;
      address.hash = target.hash;
    },
  };
  return { location, history, replaced, href: () => address.href };
}

describe('the render session of the server’s PDF renderer', () => {
  it('reads the ticket, the tenant and the language from the fragment', () => {
    expect(parseRenderFragment(`#render_ticket=${TICKET}&tenant=fleetco&lang=FR`)).toEqual({
      ticket: TICKET,
      tenant: 'fleetco',
      language: 'FR',
    });
    expect(parseRenderFragment(`#lang=ga&render_ticket=${TICKET}`)).toEqual({ ticket: TICKET, tenant: null, language: 'GA' });
  });

  it('is none without a ticket, or with an empty one', () => {
    expect(parseRenderFragment('')).toBeNull();
    expect(parseRenderFragment('#tenant=fleetco&lang=FR')).toBeNull();
    expect(parseRenderFragment('#render_ticket=&tenant=fleetco')).toBeNull();
    expect(parseRenderFragment('#section-held')).toBeNull();
  });

  it('takes a language outside the five, or none, as EN', () => {
    expect(parseRenderFragment(`#render_ticket=${TICKET}&tenant=fleetco&lang=DE`)?.language).toBe('EN');
    expect(parseRenderFragment(`#render_ticket=${TICKET}&tenant=fleetco`)?.language).toBe('EN');
  });

  it('takes the fragment out of the address, keeping the path, the query and the history state', () => {
    const bar = addressBar(`http://127.0.0.1:3100/report_fleet?week=2026-W47#render_ticket=${TICKET}&tenant=fleetco&lang=FR`);
    expect(takeRenderSession(bar.location, bar.history)).toEqual({ ticket: TICKET, tenant: 'fleetco', language: 'FR' });
    expect(bar.replaced).toEqual([{ state: { idx: 0 }, url: '/report_fleet?week=2026-W47' }]);
    expect(bar.href()).toBe('http://127.0.0.1:3100/report_fleet?week=2026-W47');
    expect(bar.href()).not.toContain(TICKET);
  });

  it('takes out an empty ticket too, and leaves any other fragment and address alone', () => {
    const empty = addressBar('http://127.0.0.1:3100/report_kpi#render_ticket=');
    expect(takeRenderSession(empty.location, empty.history)).toBeNull();
    expect(empty.href()).toBe('http://127.0.0.1:3100/report_kpi');

    const other = addressBar('http://localhost:3000/report_kpi?week=2026-W47#kpi-weeks');
    expect(takeRenderSession(other.location, other.history)).toBeNull();
    expect(other.replaced).toEqual([]);
    expect(other.href()).toBe('http://localhost:3000/report_kpi?week=2026-W47#kpi-weeks');
  });
});
