import { serveStdio } from '../../../servers/kit/serveStdio.js';
import { ledgerDomain } from './ledgerDomain.js';

// The kit's test domain over stdio, as `prove-rl serve` serves a built-in one.
await serveStdio(ledgerDomain);
