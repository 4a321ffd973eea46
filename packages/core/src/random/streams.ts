import seedrandom from 'seedrandom';

/** A uniform source in [0, 1) that belongs to one named purpose. */
export interface RandomStream {
  readonly name: string;
  /** Next draw, uniform in [0, 1). */
  next(): number;
}

/**
 * Named, seeded random streams. Each purpose (arrivals, sizes, runtimes, …) gets its own
 * generator derived from the run seed and the purpose name, so adding a draw in one place
 * never shifts the draws of another. Alea is used for speed; its sequences are the same on
 * every platform.
 */
export class RandomStreams {
  readonly #streams = new Map<string, RandomStream>();
  constructor(readonly seed: number | string) {}

  /** The stream for `name`; the same object on every call. */
  stream(name: string): RandomStream {
    let s = this.#streams.get(name);
    if (!s) {
      const prng = seedrandom.alea(`schedlab:${this.seed}:${name}`);
      s = { name, next: () => prng() };
      this.#streams.set(name, s);
    }
    return s;
  }

  /** Streams for a sub-purpose (e.g. one replication or one model inside a composite). */
  fork(name: string): RandomStreams {
    return new RandomStreams(`${this.seed}/${name}`);
  }
}
