import { z } from 'zod';

type FieldValues<Shape extends z.ZodRawShape> = { [Name in keyof Shape]?: z.output<Shape[Name]> };

/** What a form's cross-field rules read: each field as judged, or as typed for the fields named in `typed`. */
export type CrossFieldValues<Shape extends z.ZodRawShape, Typed extends z.ZodRawShape> = Omit<FieldValues<Shape>, keyof Typed> & FieldValues<Typed>;

/**
 * A form's schema whose rules across fields are reported together with every field's own, on the
 * browser's submit and in the server's answer alike (issue 36, decision 182).
 *
 * Zod runs an object's `.refine` / `.superRefine` only once every field passes, so a rule reading
 * two fields (weight by gender, the phone by its country, a password and its repeat) stayed silent
 * while any other field was wrong: the rider met its message only after fixing the rest. Here the
 * rules sit on the right of an intersection, which Zod runs beside the fields whatever they hold.
 * `rules` reads each field's value when that field passes on its own and `undefined` when it does
 * not, so a rule never judges a value its field already refused. The fields named in `typed` are
 * read by the schema given there instead, when a rule is about what was typed rather than whether
 * it is valid (a repeat compared with a password that is still too short; whether a file was
 * chosen at all, before its type is judged).
 */
export function withCrossFieldRules<Shape extends z.ZodRawShape, Typed extends z.ZodRawShape = Record<never, never>>(
  fields: z.ZodObject<Shape>,
  rules: (values: CrossFieldValues<Shape, Typed>, ctx: z.RefinementCtx) => void,
  typed?: Typed,
) {
  const lenient: z.ZodRawShape = {};
  for (const [name, field] of Object.entries({ ...fields.shape, ...typed })) lenient[name] = field.catch(undefined as never);
  // Its output is {} whatever the rules find (a transform's value stands even when it adds an issue,
  // a refinement's would be the values): the fields' own value is never reconciled with a second copy.
  const crossFields = z.object(lenient).transform((values, ctx) => {
    rules(values as CrossFieldValues<Shape, Typed>, ctx);
    return {};
  });
  return fields.and(crossFields);
}

/** For `typed`: whether anything but spaces was typed in a field (a number field's text too), before its own rules judge it. */
export const typedText = z.string().trim().min(1);

/** For `typed`: whether a file was chosen, before its type and size are judged. */
export const chosenFile = z.instanceof(File);

/**
 * Messages the server found beside the schema's, joined per field without repeats: Conform's
 * `reply({ fieldErrors })` replaces a field's messages, so this gives it both (decision 182).
 */
export function joinFieldErrors(
  schemaErrors: Record<string, string[] | null> | null | undefined,
  serverErrors: Record<string, string[]>,
): Record<string, string[]> {
  const joined: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(serverErrors)) joined[name] = [...new Set([...(schemaErrors?.[name] ?? []), ...messages])];
  return joined;
}
