import type { TestProject } from 'vitest/node';
import { buildProcesses } from './process-build.js';

/**
 * Builds the processes the tests start (server, CLI) from the working tree once per run, before
 * any test, and hands their paths to the tests (`inject('processBuild')`): a test can only start
 * what this run built.
 */
export default async function setup(project: TestProject): Promise<void> {
  project.provide('processBuild', await buildProcesses());
}
