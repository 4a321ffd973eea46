/**
 * The jobs in the system by id: job id → table entry, an open-addressing hash table in typed
 * arrays (linear probing, deletion by backward shift, so no tombstones).
 *
 * Why not a `Map`: a million arrivals and departures make a `Map` rehash its backing table
 * again and again, and each obsolete table keeps a link to its successor. Once one obsolete
 * table is promoted to the old generation, every later one survives the scavenges that follow
 * (the old one points at it) and is promoted in turn: a chain that only a full collection
 * breaks, which cost the engine a third of its speed. Typed arrays hold no pointers.
 *
 * Ids are integers in [0, 2^31) (admission checks it): the ledger records them per processor.
 */
export class IdIndex {
  #keys = new Int32Array(64);
  /** Table entry of each slot's job, or -1 for an empty slot. */
  #entries = new Int32Array(64).fill(-1);
  #mask = 63;
  #size = 0;

  get size(): number {
    return this.#size;
  }

  /** Table entry of the job with this id, or -1. */
  get(id: number): number {
    const keys = this.#keys;
    const entries = this.#entries;
    const mask = this.#mask;
    for (let i = home(id, mask); ; i = (i + 1) & mask) {
      const entry = entries[i]!;
      if (entry === -1 || keys[i] === id) return entry;
    }
  }

  has(id: number): boolean {
    return this.get(id) !== -1;
  }

  /** Record the job with this id (not yet present) at `entry`. */
  set(id: number, entry: number): void {
    if ((this.#size + 1) * 2 > this.#mask + 1) this.#grow();
    this.#insert(id, entry);
    this.#size++;
  }

  delete(id: number): void {
    const keys = this.#keys;
    const entries = this.#entries;
    const mask = this.#mask;
    let hole = home(id, mask);
    while (entries[hole] !== -1 && keys[hole] !== id) hole = (hole + 1) & mask;
    if (entries[hole] === -1) return;
    this.#size--;
    // Move back every later key of the run that the hole would cut off from its home slot.
    for (let i = (hole + 1) & mask; entries[i] !== -1; i = (i + 1) & mask) {
      const at = home(keys[i]!, mask);
      const between = hole <= i ? at > hole && at <= i : at > hole || at <= i;
      if (between) continue;
      keys[hole] = keys[i]!;
      entries[hole] = entries[i]!;
      hole = i;
    }
    entries[hole] = -1;
  }

  #insert(id: number, entry: number): void {
    const entries = this.#entries;
    const mask = this.#mask;
    let i = home(id, mask);
    while (entries[i] !== -1) i = (i + 1) & mask;
    this.#keys[i] = id;
    entries[i] = entry;
  }

  #grow(): void {
    const keys = this.#keys;
    const entries = this.#entries;
    const capacity = keys.length * 2;
    this.#keys = new Int32Array(capacity);
    this.#entries = new Int32Array(capacity).fill(-1);
    this.#mask = capacity - 1;
    for (let i = 0; i < keys.length; i++) if (entries[i] !== -1) this.#insert(keys[i]!, entries[i]!);
  }
}

/** The slot where an id's search starts. Fibonacci hashing: consecutive ids (the usual workload) spread over the table. */
function home(id: number, mask: number): number {
  const hash = Math.imul(id, 0x9e3779b1);
  return (hash ^ (hash >>> 15)) & mask;
}
