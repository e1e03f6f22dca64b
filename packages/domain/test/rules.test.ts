import { describe, expect, it } from 'vitest';
import {
  formatLengthKm,
  groupFacilities,
  hazardBand,
  hazardDisplay,
  lengthKm,
  orderedDescriptionSections,
  teaser,
} from '../src/index.ts';

describe('hazardBand (spec section 2)', () => {
  it.each([
    [0, 'Least hazardous'],
    [2.9, 'Least hazardous'],
    [3.1, 'Moderately hazardous'],
    [6, 'Moderately hazardous'],
    [6.5, 'Highly hazardous'],
    [8, 'Highly hazardous'],
    [8.01, 'Extremely hazardous'],
    [10, 'Extremely hazardous'],
  ])('%s is %s', (value, label) => {
    expect(hazardBand(value)).toBe(label);
  });

  it('shows no label for exactly 3', () => {
    expect(hazardBand(3)).toBeNull();
    expect(hazardDisplay(3)).toEqual({ rated: true, score: '3/10', band: null });
  });

  it('treats values off the 0-10 scale as unlabelled', () => {
    expect(hazardBand(-1)).toBeNull();
    expect(hazardBand(11)).toBeNull();
    expect(hazardBand(Number.NaN)).toBeNull();
  });

  it('says "Not rated" when the beach has no rating', () => {
    expect(hazardDisplay(null)).toEqual({ rated: false, text: 'Not rated' });
    expect(hazardDisplay(undefined)).toEqual({ rated: false, text: 'Not rated' });
    expect(hazardDisplay(7)).toEqual({ rated: true, score: '7/10', band: 'Highly hazardous' });
  });
});

describe('beach length', () => {
  it('divides metres by 1000', () => {
    expect(lengthKm(1000)).toBe(1);
    expect(lengthKm(850)).toBe(0.85);
    expect(formatLengthKm(1250)).toBe('1.25 km');
    expect(formatLengthKm(1234)).toBe('1.23 km');
    expect(formatLengthKm(2000)).toBe('2 km');
  });
  it('is unknown for missing or non-positive values', () => {
    expect(lengthKm(null)).toBeNull();
    expect(lengthKm(0)).toBeNull();
    expect(formatLengthKm(undefined)).toBeNull();
  });
});

describe('teaser', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i + 1}`).join(' ');
  it('keeps texts of 50 words or fewer whole', () => {
    expect(teaser(words(50))).toEqual({ text: words(50), truncated: false });
  });
  it('cuts at 50 words and marks the cut', () => {
    const result = teaser(words(51));
    expect(result.truncated).toBe(true);
    expect(result.text).toBe(`${words(50)}…`);
  });
  it('collapses whitespace', () => {
    expect(teaser('  a\n\n b   c ')).toEqual({ text: 'a b c', truncated: false });
  });
});

describe('groupFacilities (spec section 4)', () => {
  it('puts each type in its tile and drops unknown types', () => {
    const groups = groupFacilities([
      { type: 'Facility', name: 'Toilets', url: null },
      { type: 'Carpark', name: 'Parking', url: null },
      { type: 'Structure', name: 'Jetty', url: null },
      { type: 'PublicTransport', name: 'Bus', url: null },
      { type: 'Regulation', name: 'No dogs', url: null },
      { type: 'BioHazard', name: 'Bluebottles', url: null },
      { type: 'Hazard', name: 'Rocks', url: null },
      { type: 'Rip', name: 'Permanent rip', url: null },
      { type: 'Mystery', name: 'Unknown', url: null },
    ]);
    expect(groups.Information.map((f) => f.name)).toEqual(['Toilets', 'Parking', 'Jetty', 'Bus']);
    expect(groups.Regulations.map((f) => f.name)).toEqual(['No dogs']);
    expect(groups.Hazards.map((f) => f.name)).toEqual(['Bluebottles', 'Rocks', 'Permanent rip']);
  });
});

describe('description sections', () => {
  it('puts the Beach summary first and skips empty sections', () => {
    expect(orderedDescriptionSections({ Access: 'By road.', Beach: 'Summary.', Empty: ' ' })).toEqual([
      { title: 'Beach', body: 'Summary.' },
      { title: 'Access', body: 'By road.' },
    ]);
    expect(orderedDescriptionSections(null)).toEqual([]);
  });
});

describe('promotion tiles (spec section 9 screen sizes)', async () => {
  const { screenSizeFor, tileBackground, PROMOTION_TILES, DONATE_TEXT } = await import('../src/index.ts');
  it.each([
    [320, 'xs'],
    [575, 'xs'],
    [576, 'sm'],
    [767, 'sm'],
    [768, 'md'],
    [991, 'md'],
    [992, 'lg'],
    [1199, 'lg'],
    [1200, 'xl'],
    [1399, 'xl'],
    [1400, 'custom_large'],
    [1799, 'custom_large'],
    [1800, 'custom_1800'],
    [2560, 'custom_1800'],
  ] as const)('width %s is %s', (width, size) => {
    expect(screenSizeFor(width)).toBe(size);
  });
  it('uses the size image, else the default, with 50% / 50% / cover defaults', () => {
    const tile = {
      images: {
        default: { background_url: '/d.svg' },
        xs: { background_url: '/x.svg', background_size: 'contain' },
      },
    };
    expect(tileBackground(tile, 'xs')).toEqual({
      background_url: '/x.svg',
      horizontal_position: '50%',
      vertical_position: '50%',
      background_size: 'contain',
    });
    expect(tileBackground(tile, 'lg')).toEqual({
      background_url: '/d.svg',
      horizontal_position: '50%',
      vertical_position: '50%',
      background_size: 'cover',
    });
    expect(tileBackground({ images: {} }, 'lg')).toBeNull();
  });
  it('has the four tiles with the donate text', () => {
    expect(PROMOTION_TILES.map((t) => t.id)).toEqual(['rip-currents', 'beach-passport', 'app', 'donate']);
    expect(PROMOTION_TILES.find((t) => t.id === 'donate')!.text).toBe(DONATE_TEXT);
    expect(DONATE_TEXT).toBe('As little as $20 can help save a life.');
  });
});
