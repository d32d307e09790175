/**
 * The hook bus of the module graph: named moments at which a module tells the others what happened. The module that
 * emits one takes the emitter from the graph; the modules that listen contribute a listener (ServerModule.hooks); the
 * graph connects the two, so neither imports the other. The hooks themselves are named in module-graph.ts.
 */
type Listener = (...args: never[]) => unknown;

/**
 * Emitters call their listeners in the order they were connected, one after the other, each awaited when it is async;
 * a listener that throws stops the rest and the error reaches the emitter. Synchronous listeners run at once.
 */
export function createHookBus<Hooks extends { [K in keyof Hooks]: Listener }>(names: readonly (keyof Hooks)[]) {
  const listeners = new Map<keyof Hooks, Listener[]>(names.map((name) => [name, []]));
  const emitterOf = (name: keyof Hooks) =>
    ((...args: never[]) => {
      let chain: Promise<unknown> | null = null;
      for (const listener of listeners.get(name) ?? []) {
        chain = chain ? chain.then(() => listener(...args)) : toPromiseIfAsync(listener(...args));
      }
      return chain ?? Promise.resolve();
    }) as Hooks[typeof name];
  return {
    emit: Object.fromEntries(names.map((name) => [name, emitterOf(name)])) as unknown as Hooks,
    listen(contributed: Partial<Hooks> | undefined): void {
      for (const name of names) {
        const listener = contributed?.[name];
        if (listener) listeners.get(name)?.push(listener);
      }
    },
  };
}

const toPromiseIfAsync = (result: unknown): Promise<unknown> | null => (result instanceof Promise ? result : null);
