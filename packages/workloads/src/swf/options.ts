import * as z from 'zod';

/** Options of the SWF readers. */
export const swfReadOptionsSchema = z.strictObject({
  /**
   * Skip malformed job lines (wrong field count, non-number, submit time unknown or out of order)
   * instead of stopping at the first one; the read report counts them and lists the first few.
   */
  lenient: z.boolean().default(false),
  /** Name used in error messages; default: the path (or `<memory>` for in-memory text). */
  name: z.string().min(1).optional(),
});

/** SWF reader options with defaults filled in. */
export type SwfReadOptions = z.infer<typeof swfReadOptionsSchema>;
/** SWF reader options as a caller writes them. */
export type SwfReadOptionsInput = z.input<typeof swfReadOptionsSchema>;
