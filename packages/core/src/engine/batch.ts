/** The events of one instant: kind, subject and token columns that grow as needed. */
export class Batch {
  kind = new Uint8Array(64);
  subject = new Int32Array(64);
  token = new Float64Array(64);

  grow(): void {
    const n = this.kind.length * 2;
    const kind = new Uint8Array(n);
    kind.set(this.kind);
    const subject = new Int32Array(n);
    subject.set(this.subject);
    const token = new Float64Array(n);
    token.set(this.token);
    this.kind = kind;
    this.subject = subject;
    this.token = token;
  }
}
