/** A process with the server's process guards that fails as `process.argv[2]` says (`rejection` or `exception`). */
import { installProcessGuards } from '../../../src/process/crash-guard.js';
import { createLogger } from '../../../src/process/logger.js';

const logger = createLogger('info');
installProcessGuards(logger, async () => logger.info('drained'));
const mode = process.argv[2];
if (mode === 'rejection') void Promise.reject(new Error('abandoned work failed'));
if (mode === 'exception') setTimeout(() => {
  throw new Error('bug outside any request');
}, 10);
setTimeout(() => {
  logger.info('still serving');
  process.exit(0);
}, 300);
