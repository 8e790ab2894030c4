import { runCalculation } from './calculation-task.js';

/** The piscina worker: one calculation per task (a tsup entry of its own, `dist/calculate-worker.js`). */
export default runCalculation;
