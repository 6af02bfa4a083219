/** GSM 03.38's basic set: each of these is one septet. */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Its extension table: each of these takes an escape septet and its own, two in all. */
const GSM_EXTENDED = '^{}\\[~]|€\f';

/**
 * How many SMS segments a body takes, as carriers count them (Twilio's `num_segments`): in GSM-7, 160 septets fit
 * one message and 153 each part of a longer one; anything outside GSM-7 sends the whole body in UCS-2, 70 UTF-16
 * units in one message, 67 in each part.
 */
export function segmentsOf(body: string): number {
  let septets = 0;
  for (const char of body) {
    if (GSM_BASIC.includes(char)) septets += 1;
    else if (GSM_EXTENDED.includes(char)) septets += 2;
    else return countParts(body.length, 70, 67);
  }
  return countParts(septets, 160, 153);
}

function countParts(units: number, single: number, perPart: number): number {
  if (units === 0) return 1;
  return units <= single ? 1 : Math.ceil(units / perPart);
}
