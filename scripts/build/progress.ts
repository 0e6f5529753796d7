/**
 * A one-line progress bar with counts and an estimate of the time left, redrawn in place
 * on a terminal; silent otherwise (CI logs get the summary line instead).
 */
export class ProgressLine {
  private readonly started = performance.now();
  private readonly tty: boolean;

  constructor(
    private readonly label: string,
    private readonly total: number,
    enabled: boolean,
  ) {
    this.tty = enabled && Boolean(process.stdout.isTTY) && total > 0;
  }

  tick(done: number): void {
    if (!this.tty) return;
    const elapsed = (performance.now() - this.started) / 1000;
    const left = done > 0 ? (elapsed / done) * (this.total - done) : 0;
    const width = 24;
    const filled = Math.round((done / this.total) * width);
    const bar = `${"█".repeat(filled)}${"░".repeat(width - filled)}`;
    process.stdout.write(`\r  ${this.label} ${bar} ${done}/${this.total}  ${left > 0 ? `~${Math.ceil(left)} s left` : ""}    `);
  }

  end(): void {
    if (this.tty) process.stdout.write("\r\x1b[K");
  }
}
