// A post's sharing image is kept between builds by its inputs (src/pages/blog/_og-image.ts): a post whose
// title changes must get a new image, not the one kept for its old title.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ogImage } from '../../src/pages/blog/_og-image.ts';

describe('the sharing image of a post', () => {
  it('is drawn again when its text changes, and the same text gives the same image', async () => {
    // Titles of their own: no earlier run's kept image can answer for them.
    const card = { title: `Before ${randomUUID()}`, kicker: 'Blog', footer: 'agency.example' };
    const first = await ogImage(card);
    const again = await ogImage({ ...card });
    const retitled = await ogImage({ ...card, title: `After ${randomUUID()}` });
    const refooted = await ogImage({ ...card, footer: 'another.example' });
    expect(again.equals(first)).toBe(true);
    expect(retitled.equals(first)).toBe(false);
    expect(refooted.equals(first)).toBe(false);
    for (const png of [first, retitled, refooted]) {
      expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    }
  });
});
