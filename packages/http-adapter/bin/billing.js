#!/usr/bin/env node
// The `billing` bin (the command line). A file of its own, present before the first build, for
// the reason given in billing-server.js.
import '../dist/cli.js';
