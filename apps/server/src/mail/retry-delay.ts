/**
 * How long to wait before trying an email again after `attempts` failed tries: 30 s, 1 min, 2 min … doubling up
 * to an hour while the mail server is away. Alert emails and report deliveries follow the same curve.
 */
export const retryDelaySeconds = (attempts: number) => Math.min(3_600, 30 * 2 ** Math.max(0, attempts - 1));
