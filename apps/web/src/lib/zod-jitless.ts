import { config } from 'zod/v4/core';

// The Content-Security-Policy allows no eval (script-src 'self'). Each Zod object schema, when created, asks once
// whether `new Function('')` works to compile a faster parser; the refused probe is reported as a policy violation
// on every load. Jitless Zod never probes. Imported first by the entry, before any schema exists.
config({ jitless: true });
