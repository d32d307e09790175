// The report-runner bench's mail server, in a process of its own: receiving a hundred emails with their PDFs and
// spreadsheets is work that belongs to no portal process, so it must not sit on the measured server's event loop.
import { startSmtp } from '../../apps/server/test/support/smtp-sink';

const smtp = await startSmtp();
process.send?.({ port: smtp.port });
process.on('message', (message) => {
  if (message === 'count') {
    // Only the schedules' recipients: the demo's alert emails go to the same server.
    process.send?.({ received: smtp.received.filter((m) => m.to.every((to) => to.startsWith('manager-'))).length });
  } else if (message === 'stop') smtp.server.close(() => process.exit(0));
});
