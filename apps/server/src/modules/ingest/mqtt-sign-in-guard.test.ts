import { describe, expect, it } from 'vitest';
import { createSignInGuard, SIGN_IN_DEFAULTS, type SignInGuardOptions } from './mqtt-sign-in-guard';

/**
 * A guard on a clock of its own: each wait is recorded and, as when attempts come one after another, moves the clock
 * on by its length (not when they are all waiting at once: `waitsMoveClock` false).
 */
function guardOnClock(options: SignInGuardOptions = {}, waitsMoveClock = true) {
  let clock = Date.UTC(2026, 0, 15, 12);
  const waits: number[] = [];
  const lines: { fields: Record<string, unknown>; message: string }[] = [];
  const guard = createSignInGuard(
    { warn: (fields: Record<string, unknown>, message: string) => lines.push({ fields, message }) } as never,
    {
      ...options,
      now: () => clock,
      wait: (ms) => {
        waits.push(ms);
        if (waitsMoveClock) clock += ms;
        return Promise.resolve();
      },
    },
  );
  return {
    guard,
    waits,
    lines,
    advance: (ms: number) => (clock += ms),
  };
}

/** One guess: its turn, then its failure. */
async function guess(guard: ReturnType<typeof createSignInGuard>, address: string): Promise<boolean> {
  const admitted = await guard.admit(address);
  guard.failed(address, admitted ? 'bad_key' : 'held_back', { username: 'dev-1', clientId: 'c1' });
  return admitted;
}

describe('failed sign-ins to the embedded broker', () => {
  it('logs the first failure of an address at once and the rest of the minute as one line with their count', async () => {
    const { guard, lines, advance } = guardOnClock({ freeFailures: 1000 }); // no holding here: only the log
    for (let i = 0; i < 100; i++) {
      await guess(guard, '203.0.113.7');
      advance(28); // 100 wrong keys in 2.8 s
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]?.fields).toMatchObject({ address: '203.0.113.7', count: 1, reasons: { bad_key: 1 }, lastUsername: 'dev-1' });
    expect(lines[0]?.message).toBe('1 failed MQTT sign-in(s) from 203.0.113.7');

    advance(60_000);
    guard.sweep();
    expect(lines.map((l) => l.fields['count'])).toEqual([1, 99]);
    expect(lines[1]?.fields).toMatchObject({ reasons: { bad_key: 99 }, failuresSoFar: 100 });
    guard.sweep();
    expect(lines).toHaveLength(2); // nothing new, nothing logged twice
    guard.close();
  });

  it('counts each address on its own line', async () => {
    const { guard, lines } = guardOnClock();
    await guess(guard, '203.0.113.7');
    await guess(guard, '203.0.113.7');
    await guess(guard, '198.51.100.2');
    expect(lines.map((l) => [l.fields['address'], l.fields['count']])).toEqual([
      ['203.0.113.7', 1],
      ['198.51.100.2', 1],
    ]);
    guard.close();
  });

  it("holds a guessing address's attempts longer with each failure, up to 30 s: 100 guesses take over 40 minutes", async () => {
    const { guard, waits } = guardOnClock();
    for (let i = 0; i < 100; i++) expect(await guess(guard, '203.0.113.7')).toBe(true);
    expect(waits.slice(0, 8)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    // Five free failures (a device with a mistyped key is not slowed at once), then every attempt waits.
    expect(waits).toHaveLength(100 - SIGN_IN_DEFAULTS.freeFailures);
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBeGreaterThan(40 * 60_000);
    guard.close();
  });

  it('queues parallel attempts from one address one behind another, and refuses unchecked those that would wait over a minute', async () => {
    const { guard, waits, lines, advance } = guardOnClock({ freeFailures: 0, baseDelayMs: 30_000 }, false);
    guard.failed('203.0.113.7', 'bad_key');
    // Three connections at once: the second waits behind the first, the third would wait 90 s.
    expect(await Promise.all([1, 2, 3].map(() => guard.admit('203.0.113.7')))).toEqual([true, true, false]);
    expect(waits).toEqual([30_000, 60_000]);
    // Refused unchecked: logged as held back, and no failure of a key, so the wait stays as it was.
    guard.failed('203.0.113.7', 'held_back');
    expect(guard.delayOf('203.0.113.7')).toBe(30_000);
    advance(60_000);
    guard.sweep();
    expect(lines.map((l) => l.fields['reasons'])).toEqual([{ bad_key: 1 }, { held_back: 1 }]);
    guard.close();
  });

  it('does not hold other addresses, nor the key checked after 15 quiet minutes', async () => {
    const { guard, waits, advance } = guardOnClock();
    for (let i = 0; i < 8; i++) await guess(guard, '203.0.113.7');
    const held = waits.length;
    expect(held).toBeGreaterThan(0);
    expect(await guard.admit('198.51.100.2')).toBe(true);
    expect(waits).toHaveLength(held);
    advance(15 * 60_000);
    expect(guard.delayOf('203.0.113.7')).toBe(0);
    expect(await guard.admit('203.0.113.7')).toBe(true);
    expect(waits).toHaveLength(held);
    guard.close();
  });

  it('has new addresses share one entry past 10,000 failing ones, so that a spread-out guess is held too', () => {
    const { guard, lines } = guardOnClock();
    for (let i = 0; i < 10_000; i++) guard.failed(`10.${Math.floor(i / 65_536)}.${Math.floor(i / 256) % 256}.${i % 256}`, 'bad_key');
    for (let i = 0; i < 5; i++) guard.failed(`192.0.2.${i}`, 'bad_key');
    expect(guard.delayOf('192.0.2.200')).toBe(1000); // a new address, never seen: the shared entry's wait
    expect(guard.delayOf('10.0.0.1')).toBe(0); // a tracked one keeps its own
    expect(lines.at(-1)?.fields['address']).toBe('(many addresses)');
    guard.close();
  });
});
