import { z } from 'zod';
import { MAX_IMAGE_URL_LENGTH } from './image-origins.js';

const REQUIRED = 'is required (the address of the image to show)';

/** `?url=` of the image proxy; whether the URL may be fetched is checkImageUrl's question. */
export const imageProxyQuerySchema = z.object({
  url: z
    .string({ error: (issue) => (issue.input === undefined ? REQUIRED : 'must be given once') })
    .min(1, REQUIRED)
    .max(MAX_IMAGE_URL_LENGTH, `is at most ${MAX_IMAGE_URL_LENGTH} characters`),
});
export type ImageProxyQuery = z.infer<typeof imageProxyQuerySchema>;
