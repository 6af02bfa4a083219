import type { Router } from 'express';
import { z } from 'zod';
import { notFound, validationFailed } from './errors.js';
import { parseBody, printifyTime } from './http.js';
import { newId } from './ids.js';
import { imageFacts } from './image-files.js';
import type { RouteContext } from './route-context.js';
import type { UploadedImage } from './types.js';

/** Printify takes base64 contents up to 5 MB (larger files go by URL, which the stand-in does not fetch). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export interface StoredUpload {
  image: Omit<UploadedImage, 'preview_url'>;
  bytes: Buffer;
}

const uploadBody = z.object({
  file_name: z.string().trim().min(1, 'The file name field is required.').max(255),
  contents: z.string().min(1, 'The contents field is required (base64 file contents).'),
});

/** Uploaded images, kept in memory for the stand-in's life. */
export class UploadStore {
  private readonly uploads = new Map<string, StoredUpload>();

  add(fileName: string, contents: string): StoredUpload {
    // A search for one wrong character, not a match of the whole: a pattern over megabytes can exhaust the regexp
    // engine's backtracking stack.
    if (/[^A-Za-z0-9+/=\s]/.test(contents)) throw validationFailed('contents', 'must be base64-encoded');
    const bytes = Buffer.from(contents, 'base64');
    if (bytes.length > MAX_UPLOAD_BYTES) throw validationFailed('contents', 'the file may not be larger than 5 MB');
    const facts = imageFacts(bytes);
    if (!facts) throw validationFailed('contents', 'the file must be a PNG or JPEG image');
    const image = {
      id: newId(),
      file_name: fileName,
      height: facts.height,
      width: facts.width,
      size: bytes.length,
      mime_type: facts.mimeType,
      upload_time: printifyTime().slice(0, 19),
    };
    const stored = { image, bytes };
    this.uploads.set(image.id, stored);
    return stored;
  }

  get(id: string): StoredUpload | undefined {
    return this.uploads.get(id);
  }
}

export const previewUrl = (base: string, upload: StoredUpload) =>
  `${base}/printify-images/uploads/${upload.image.id}.${upload.image.mime_type === 'image/png' ? 'png' : 'jpg'}`;

const uploadJson = (upload: StoredUpload, base: string): UploadedImage => ({
  ...upload.image,
  preview_url: previewUrl(base, upload),
});

/** `POST /v1/uploads/images.json` with `{file_name, contents}`, and `GET /v1/uploads/{id}.json`. */
export function uploadRoutes(router: Router, { api, uploads }: RouteContext): void {
  router.post(
    '/v1/uploads/images.json',
    api((call) => {
      const body = parseBody(uploadBody, call.body);
      return uploadJson(uploads.add(body.file_name, body.contents), call.base);
    }),
  );
  router.get(
    '/v1/uploads/:imageId.json',
    api((call) => {
      const upload = uploads.get(call.path.imageId!);
      if (!upload) throw notFound(`Image ${call.path.imageId}`);
      return uploadJson(upload, call.base);
    }),
  );
}
