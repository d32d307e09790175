import { Worker } from 'node:worker_threads';
import type { FleetAnalysisRow } from '@gridlens/contract/load-planning';
import type { FleetJob } from './fleet-job';

export interface FleetRunner {
  run(job: FleetJob): Promise<FleetAnalysisRow[]>;
  close(): Promise<void>;
}

const WORKER_ENTRY = new URL('./fleet-worker-entry.mjs', import.meta.url);

/**
 * Runs fleet analyses on one worker thread, so that 10,000 transformers' arithmetic never holds up the request
 * thread. The thread starts with the first job and stays (starting it compiles the domain: about half a second);
 * jobs queue on it in order. A thread that dies fails its jobs and is started afresh by the next one.
 */
export function createFleetRunner({ entry = WORKER_ENTRY }: { entry?: URL } = {}): FleetRunner {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (rows: FleetAnalysisRow[]) => void; reject: (error: Error) => void }>();

  const failAll = (error: Error) => {
    for (const job of pending.values()) job.reject(error);
    pending.clear();
    worker = null;
  };

  const started = (): Worker => {
    if (worker) return worker;
    const thread = new Worker(entry);
    thread.unref();
    thread.on('message', (message: { id?: number; rows?: FleetAnalysisRow[]; error?: string }) => {
      if (message.id === undefined) return;
      const job = pending.get(message.id);
      pending.delete(message.id);
      if (message.error !== undefined) job?.reject(new Error(`fleet analysis failed: ${message.error}`));
      else job?.resolve(message.rows ?? []);
    });
    thread.on('error', (error) => failAll(error));
    thread.on('exit', (code) => {
      if (worker === thread) failAll(new Error(`the fleet analysis thread stopped (exit code ${code})`));
    });
    worker = thread;
    return thread;
  };

  return {
    run(job) {
      const id = nextId++;
      const thread = started();
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        thread.postMessage({ id, job });
      });
    },
    async close() {
      const thread = worker;
      worker = null;
      if (thread) await thread.terminate();
    },
  };
}
