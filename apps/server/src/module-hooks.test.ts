import { describe, expect, it } from 'vitest';
import { createHookBus } from './module-hooks';

interface Hooks {
  stored: (what: string) => Promise<void>;
  changed: (tenantId: string) => Promise<void>;
}

describe('the module graph’s hook bus', () => {
  it('calls the listeners of a hook in the order they were connected, each async one awaited before the next', async () => {
    const bus = createHookBus<Hooks>(['stored', 'changed']);
    const heard: string[] = [];
    bus.listen({
      stored: async (what) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        heard.push(`first ${what}`);
      },
    });
    bus.listen({
      stored: (what) => Promise.resolve(void heard.push(`second ${what}`)),
      changed: (t) => Promise.resolve(void heard.push(`changed ${t}`)),
    });
    await bus.emit.stored('batch');
    await bus.emit.changed('netzero');
    expect(heard).toEqual(['first batch', 'second batch', 'changed netzero']);
  });

  it('lets a listener refuse: its error reaches the emitter and later listeners are not called', async () => {
    const bus = createHookBus<Hooks>(['stored', 'changed']);
    const heard: string[] = [];
    bus.listen({ stored: () => Promise.reject(new Error('still watched')) });
    bus.listen({ stored: (what) => Promise.resolve(void heard.push(what)) });
    await expect(bus.emit.stored('poi')).rejects.toThrow('still watched');
    expect(heard).toEqual([]);
  });

  it('emits to nobody without a listener, and ignores hooks a module does not bring', async () => {
    const bus = createHookBus<Hooks>(['stored', 'changed']);
    bus.listen(undefined);
    bus.listen({});
    await expect(bus.emit.stored('x')).resolves.toBeUndefined();
    await expect(bus.emit.changed('t')).resolves.toBeUndefined();
  });
});
