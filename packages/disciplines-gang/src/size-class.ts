/** Zhou et al.'s job classes (§2): small 1–12 slots of work, medium 13–60, large above 60. */
export type GangSizeClass = 'small' | 'medium' | 'large';

/** The class of a job that runs `runtimeSeconds` on its processors, with slots of `quantum` seconds. */
export function gangSizeClass(runtimeSeconds: number, quantum = 5): GangSizeClass {
  const slots = Math.ceil(runtimeSeconds / quantum - 1e-9);
  return slots <= 12 ? 'small' : slots <= 60 ? 'medium' : 'large';
}
