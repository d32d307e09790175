/**
 * The hook bus of the module graph: named moments at which a module tells the others what happened. The module that
 * emits one takes the emitter from the graph; the modules that listen contribute a listener (ServerModule.hooks); the
 * graph connects the two, so neither imports the other. The hooks themselves are named in module-graph.ts.
 */
type Hook = (...args: never[]) => Promise<void>;

/**
 * Each emitter calls its hook's listeners in the order they were connected, awaiting each before the next; a listener
 * that throws stops the rest, and the error reaches the emitter.
 */
export function createHookBus<Hooks extends { [K in keyof Hooks]: Hook }>(names: readonly (keyof Hooks)[]) {
  const listeners = new Map<keyof Hooks, Hook[]>(names.map((name) => [name, []]));
  const emitterOf =
    (name: keyof Hooks): Hook =>
    async (...args) => {
      for (const listener of listeners.get(name) ?? []) await listener(...args);
    };
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
