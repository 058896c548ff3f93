import { describe, expect, it } from 'vitest';
import { smsLength } from './sms-segments.ts';

describe('smsLength', () => {
  it('counts plain text and the accents of GSM-7 (é è à ù ì ò, and É Ç) one unit each', () => {
    expect(smsLength('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsLength('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsLength('a'.repeat(306))).toMatchObject({ segments: 2 });
    expect(smsLength('a'.repeat(307))).toMatchObject({ segments: 3 });
    expect(smsLength('Éclat : votre ménage à 9 h, déjà confirmé. Où ? Ici. Ç')).toMatchObject({
      encoding: 'GSM-7',
      segments: 1,
    });
    expect(smsLength('é'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
  });

  it('counts the extension characters (€ [ ] { } ~ ^ | \\) twice', () => {
    expect(smsLength('€')).toEqual({ encoding: 'GSM-7', units: 2, segments: 1 });
    expect(smsLength('€'.repeat(80))).toMatchObject({ units: 160, segments: 1 });
    expect(smsLength(`${'€'.repeat(80)}a`)).toMatchObject({ units: 161, segments: 2 });
  });

  it('sends in UCS-2 a text with ê, ô, î, û, ç (lower case), È or an emoji: 70 units, 67 a segment when split', () => {
    for (const char of ['ê', 'ô', 'î', 'û', 'ç', 'È', 'â', 'ë', 'ï']) {
      expect(smsLength(`Votre visite ${char}`).encoding, char).toBe('UCS-2');
    }
    expect(smsLength('ê'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsLength('ê'.repeat(71))).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
    expect(smsLength('ê'.repeat(134))).toMatchObject({ segments: 2 });
    expect(smsLength('ê'.repeat(135))).toMatchObject({ segments: 3 });
    // An emoji is two UTF-16 units.
    expect(smsLength('🧹')).toEqual({ encoding: 'UCS-2', units: 2, segments: 1 });
  });
});
