import { writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;

/**
 * A video file Chromium plays as its camera (`--use-file-for-fake-video-capture`): a Y4M (YUV 4:2:0) still of a QR
 * code of `text`, dark on white in the middle of the frame, well inside the scanner's aiming square, as a person would hold a code up to
 * a phone.
 */
export async function writeQrVideo(file: string, text: string): Promise<void> {
  const png = PNG.sync.read(await QRCode.toBuffer(text, { margin: 4, scale: 5, errorCorrectionLevel: 'M' }));
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  const left = Math.floor((WIDTH - png.width) / 2);
  const top = Math.floor((HEIGHT - png.height) / 2);
  for (let y = 0; y < png.height; y += 1) {
    for (let x = 0; x < png.width; x += 1) {
      const dark = png.data[(y * png.width + x) * 4]! < 128;
      luma[(top + y) * WIDTH + left + x] = dark ? 16 : 235;
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, frame, frame, frame]));
}
