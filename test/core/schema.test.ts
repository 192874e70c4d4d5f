import { expect } from 'chai';
import fc from 'fast-check';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { compileSchema, createAjv, isFullDate } from '../../core/schema.js';

const ajvFormatsDate = (fullFormats.date as { validate: (text: string) => boolean }).validate;

describe('Schema validation', () => {
  describe('the "date" format: the same answers as ajv-formats, without its regular expression', () => {
    it('agrees on every day of sample years (leap, not leap, centuries) and on months and days out of range', () => {
      const pad = (n: number, width: number) => String(n).padStart(width, '0');
      for (const year of [0, 1, 1900, 1999, 2000, 2023, 2024, 2100, 2400, 9999]) {
        for (let month = 0; month <= 13; month++) {
          for (let day = 0; day <= 32; day++) {
            const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
            expect(isFullDate(text), text).to.equal(ajvFormatsDate(text));
          }
        }
      }
      expect(isFullDate('2024-02-29')).to.equal(true);
      expect(isFullDate('2023-02-29')).to.equal(false);
      expect(isFullDate('2100-02-29')).to.equal(false);
    });

    it('agrees on near misses and on any text', () => {
      const nearMiss = fc
        .tuple(fc.array(fc.constantFrom('0', '1', '2', '9', '-', ' ', 'T', '\n', '٢', 'x'), { minLength: 8, maxLength: 12 }), fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 19 }), fc.integer({ min: 0, max: 39 }))
        .map(([junk, y, m, d]) => [`${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`, junk.join('')]);
      fc.assert(
        fc.property(nearMiss, fc.string(), fc.string({ unit: 'grapheme' }), ([date, junk], anything, unicode) => {
          for (const text of [date, junk, anything, unicode, `${date}\n`, ` ${date}`, date.replace('-', '/'), date.slice(0, 9)]) {
            expect(isFullDate(text), JSON.stringify(text)).to.equal(ajvFormatsDate(text));
          }
        }),
        { numRuns: 3000 },
      );
    });

    it('is what compiled schemas use for "format": "date"', () => {
      expect((createAjv().formats.date as { validate: unknown }).validate).to.equal(isFullDate);
      const validate = compileSchema({ type: 'object', properties: { on: { type: 'string', format: 'date' } } });
      expect(validate({ on: '2024-02-29' })).to.equal(true);
      expect(validate({ on: '2023-02-29' })).to.equal(false);
      expect(validate.errors?.[0]?.keyword).to.equal('format');
    });
  });
});
