import { describe, expect, it } from 'vitest';
import { nameWords } from './file-name-words.ts';

describe('file names', () => {
  it('keeps the words that describe the design', () => {
    expect(nameWords('retro-sunset_cat-FINAL-v2 (3).png')).toEqual(['Retro', 'Sunset', 'Cat']);
    expect(nameWords('mountainLakeAtNight_4500x5400.PNG')).toEqual(['Mountain', 'Lake', 'at', 'Night']);
    expect(nameWords('I_love_NYC-80s 3d.png')).toEqual(['I', 'Love', 'NYC', '80s', '3D']);
    expect(nameWords('SUNSET_VIBES_TRANSPARENT.png')).toEqual(['Sunset', 'Vibes']);
    expect(nameWords('black-cat-logo_white.png')).toEqual(['Black', 'Cat', 'Logo']);
    expect(nameWords('uploads/Copy of café-nacht.webp')).toEqual(['Café', 'Nacht']);
  });

  it('drops numbers, hashes, tools and words the product types say', () => {
    expect(nameWords('IMG_20240312_143355.png')).toEqual([]);
    expect(nameWords('d41d8cd98f00b204e9800998ecf8427e.png')).toEqual([]);
    expect(nameWords('untitled-design-export-final-copy-v3.png')).toEqual([]);
    expect(nameWords('cat-tshirt-mockup.png', new Set(['tshirt']))).toEqual(['Cat']);
  });
});
