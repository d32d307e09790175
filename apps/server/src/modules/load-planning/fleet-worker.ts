import { parentPort } from 'node:worker_threads';
import { runFleetJob, type FleetJob } from './fleet-job';

/** The fleet analysis thread (fleet-runner.ts): runs each job it is posted and posts its rows back. */
parentPort?.on('message', (message: { id: number; job: FleetJob }) => {
  try {
    parentPort?.postMessage({ id: message.id, rows: runFleetJob(message.job) });
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort?.postMessage({ ready: true });
