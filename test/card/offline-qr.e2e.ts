import {
  FIRST_MINUTE_LABELS_EN,
  firstMinuteBlock,
  offlineCardText,
  type FirstMinuteSource,
} from '@medical-qr/contracts';
import QRCode from 'qrcode';
import { decodeQr, decodeQrWithZbar } from '../support/qr.js';

/** A record at every limit, in Devanagari, Han, Cyrillic and Arabic: its block cannot fit whole. */
const longRecord: FirstMinuteSource = {
  firstName: 'लैला अमीरा',
  lastName: '王 Хаддад حداد',
  age: 47,
  bloodGroup: 'O-',
  resuscitationStatus: 'directive',
  directiveLocation: '预先医疗指示的原件在卧室书桌左边第二个抽屉里的蓝色文件夹中'.repeat(3),
  allergies: '对青霉素、花生、乳胶和蜂毒严重过敏，曾经发生过敏性休克，需要立即注射肾上腺素。'.repeat(20),
  medications: 'Apixaban 5 mg, Lantus 20 units, ' + 'другие лекарства '.repeat(100),
  devices: 'Pacemaker, ' + 'インスリンポンプ'.repeat(40),
  languagesSpoken: 'हिन्दी, العربية, 中文, Русский, English',
  interpreterNeeded: true,
  emergencyContacts: [{ name: 'سارة', phone: '+44 7700 900456', relationship: 'Wife', isPrimary: true }],
};

describe('the offline QR code', () => {
  it('holds a long record within QR version 22 at correction M, and two decoders read it back exactly', async () => {
    const { text, cut } = offlineCardText(firstMinuteBlock(longRecord), FIRST_MINUTE_LABELS_EN);
    expect(cut).toBe(true);
    expect(QRCode.create(text, { errorCorrectionLevel: 'M' }).version).toBeLessThanOrEqual(22);
    const png = await QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 4, scale: 4 });
    expect(decodeQr(png)).toBe(text);
    expect(decodeQrWithZbar(png)).toBe(text);
    expect(text).toContain('Call: سارة (Wife) +44 7700 900456');
  });
});
