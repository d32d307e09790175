// The MQTT ingestion test publishes through a real MQTT 5 broker (Mosquitto) on TEST_MQTT_URL or 127.0.0.1:1883.
// If none answers: as root, install Mosquitto from Debian packages and start it (it listens on loopback only,
// anonymous, as its packaged defaults do); otherwise explain what is missing.
import { execSync } from 'node:child_process';
import { connect } from 'node:net';

const url = new URL(process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883');
const host = url.hostname;
const port = Number(url.port || 1883);

const answers = () =>
  new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1000 }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });

if (await answers()) process.exit(0);
const local = host === '127.0.0.1' || host === 'localhost';
if (!local || process.getuid?.() !== 0) {
  console.error(
    `No MQTT broker answers at ${host}:${port}. Install and start one (Debian: sudo apt-get install mosquitto), or set TEST_MQTT_URL.`,
  );
  process.exit(1);
}
console.log('Starting Mosquitto for the MQTT ingestion test…');
execSync('command -v mosquitto >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mosquitto)', {
  stdio: 'inherit',
  shell: '/bin/bash',
});
execSync(`mosquitto -d -p ${port}`, { stdio: 'inherit' });
for (let attempt = 0; attempt < 20 && !(await answers()); attempt += 1) await new Promise((r) => setTimeout(r, 250));
if (!(await answers())) {
  console.error(`Mosquitto did not start on port ${port}.`);
  process.exit(1);
}
