#!/usr/bin/env node
// The `billing-server` bin. It is a file of its own, not dist/main.js itself, so that it exists
// before the first build: a workspace install links the bins of the packages it depends on, and a
// bin whose file is missing makes pnpm warn on every clean install.
import '../dist/main.js';
