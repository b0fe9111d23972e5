// Helpers for query-string schemas. Query values always arrive as strings, and a repeated key such as
// `tags[]=a&tags[]=b` arrives as an array while a single one arrives as a plain string.
import { z } from 'zod';

/**
 * An array query parameter that accepts one value or several, always yielding an array (empty when absent).
 * Built as a union rather than a preprocess so the OpenAPI document still shows both accepted forms.
 */
export const queryArray = <T extends z.ZodType<string, string>>(item: T, maxItems = 100) =>
  z.union([item.transform((value) => [value]), z.array(item).max(maxItems)]).default([] as z.output<T>[]);

/** A 1-based page number, 1 when absent. */
export const queryPage = z.coerce.number().int().min(1).default(1);

/** A page size between 1 and `max`, `max` when absent unless another default is given. */
export const queryCount = (max: number, fallback = max) =>
  z.coerce.number().int().min(1).max(max).default(fallback);
