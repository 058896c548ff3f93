/**
 * How many SMS segments a text takes (decision 067). A text that fits the GSM 03.38 alphabet (its basic
 * set, and the extension set whose characters count twice: `^ { } \ [ ~ ] | €` and form feed) is sent in
 * GSM-7: 160 characters in one segment, 153 per segment when it is split. Any other character (ê, ô, ç,
 * À, É is fine but È is not, an emoji…) sends the whole text in UCS-2: 70 UTF-16 units in one segment,
 * 67 per segment when split.
 */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENDED = new Set('\f^{}\\[~]|€');

export type SmsEncoding = 'GSM-7' | 'UCS-2';
export type SmsLength = { encoding: SmsEncoding; units: number; segments: number };

export function smsLength(text: string): SmsLength {
  let gsmUnits = 0;
  for (const char of text) {
    if (GSM_BASIC.has(char)) gsmUnits += 1;
    else if (GSM_EXTENDED.has(char)) gsmUnits += 2;
    else {
      // UCS-2 counts UTF-16 code units: an emoji outside the basic plane takes two.
      const units = text.length;
      return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
    }
  }
  return { encoding: 'GSM-7', units: gsmUnits, segments: gsmUnits <= 160 ? 1 : Math.ceil(gsmUnits / 153) };
}
