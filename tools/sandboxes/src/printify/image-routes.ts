import type { Request, Response, Router } from 'express';
import { findBlueprint } from './catalog-data.js';
import { BACKDROPS, drawBlueprint, encodePng } from './pictures.js';
import type { RouteContext } from './route-context.js';

/** Path of the stand-in's image host, in place of images.printify.com. */
export const IMAGE_PATH = '/printify-images';

function sendPng(res: Response, png: Buffer | undefined, type = 'image/png'): void {
  if (!png) {
    res.status(404).type('text/plain').send('No such image.');
    return;
  }
  // Printify's image URLs never change what they show.
  res.status(200).type(type).set('Cache-Control', 'public, max-age=86400').send(png);
}

/**
 * The images Printify serves from its CDN, public as there: blueprint pictures, upload previews and product mockups,
 * all drawn by the stand-in.
 */
export function imageRoutes(router: Router, { uploads, products }: RouteContext): void {
  const pictures = new Map<string, Buffer>();
  router.get(`${IMAGE_PATH}/blueprints/:blueprintId/:index.png`, (req: Request, res: Response) => {
    const blueprint = findBlueprint(Number(req.params.blueprintId));
    const backdrop = BACKDROPS[Number(req.params.index) - 1];
    if (!blueprint || !backdrop || !/^\d+$/.test(String(req.params.blueprintId))) return sendPng(res, undefined);
    const key = `${blueprint.id}/${req.params.index}`;
    if (!pictures.has(key)) pictures.set(key, encodePng(drawBlueprint(blueprint.picture, backdrop)));
    sendPng(res, pictures.get(key));
  });
  router.get(`${IMAGE_PATH}/uploads/:imageId.:extension`, (req: Request, res: Response) => {
    const upload = uploads.get(String(req.params.imageId));
    sendPng(res, upload?.bytes, upload?.image.mime_type);
  });
  router.get(`${IMAGE_PATH}/mockup/:productId/:variantId/:position.png`, (req: Request, res: Response) => {
    const variantId = /^\d{1,9}$/.test(String(req.params.variantId)) ? Number(req.params.variantId) : -1;
    sendPng(res, products.mockup(String(req.params.productId), variantId, String(req.params.position)));
  });
  // Printify documents no redirects for its image URLs, but a CDN may answer one (an object moved). The product's image
  // proxy must not follow it, so this host has an address that answers so: `moved/<path>` is 301 to `<path>`.
  router.get(`${IMAGE_PATH}/moved/*path`, (req: Request, res: Response) => {
    // Express gives a wildcard's segments decoded, as an array.
    const segments = [req.params.path ?? []].flat().map(encodeURIComponent);
    res.redirect(301, `${IMAGE_PATH}/${segments.join('/')}`);
  });
}
