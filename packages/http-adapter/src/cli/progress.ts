/** A status line for long work, written to stderr only when stderr is a terminal (never when piped). */
export interface Progress {
  update(text: string): void;
  done(): void;
}

/**
 * A progress line that rewrites itself in place on a terminal; silent otherwise.
 * @example const p = progress(); p.update('applying 0001_initial.sql'); p.done()
 */
export function progress(stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) return { update() {}, done() {} };
  let shown = false;
  return {
    update(text) {
      stream.write(`\r\x1b[2K${text}`);
      shown = true;
    },
    done() {
      if (shown) stream.write('\r\x1b[2K');
      shown = false;
    },
  };
}
