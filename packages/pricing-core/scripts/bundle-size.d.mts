/** The most a minified browser bundle of `calculatePlan` may weigh (docs/packaging.md). */
export declare const BUNDLE_SIZE_LIMIT_KB: number;

/** A measured bundle: its size, the bytes per npm package, and whether zod is in it. */
export interface MeasuredBundle {
  bytes: number;
  packages: Record<string, number>;
  withZod: boolean;
}

/** Bundles `export { name } from 'specifier'` for a browser, minified, and measures it. */
export declare function measureBundle(options: {
  resolveDir: string;
  specifier?: string;
  name?: string;
  conditions?: string[];
}): Promise<MeasuredBundle>;

/** A one-paragraph description of a measurement. */
export declare function describeBundle(measured: MeasuredBundle): string;
