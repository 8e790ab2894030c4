#!/usr/bin/env node
import { runServer } from './process/run-server.js';

/** The server process: environment in, HTTP out; SIGTERM/SIGINT drain and exit 0. */
runServer(process.env).catch((error: unknown) => {
  process.stderr.write(`billing server crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
