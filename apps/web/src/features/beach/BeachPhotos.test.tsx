import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BeachPhotos } from './BeachPhotos.tsx';

afterEach(cleanup);

describe('BeachPhotos (operators’ imported photos)', () => {
  it('credits the photographer, links the licence and offers the stored sizes', () => {
    render(
      <BeachPhotos
        beachTitle="Bondi Beach"
        images={[
          {
            id: 1,
            url: '/uploads/beach-photos/1/abc-1600.webp',
            caption: 'Bondi from the north headland',
            credit: 'Kim Lee',
            licence: 'CC BY 4.0',
            licence_url: 'https://creativecommons.org/licenses/by/4.0/',
            srcset: '/uploads/beach-photos/1/abc-480.webp 480w, /uploads/beach-photos/1/abc-1600.webp 1600w',
          },
        ]}
      />,
    );
    const img = screen.getByRole('img', { name: 'Bondi from the north headland' });
    expect(img.getAttribute('srcset')).toContain('abc-480.webp 480w');
    expect(img.getAttribute('sizes')).toBe('(min-width: 1000px) 800px, 100vw');
    const caption = screen.getByText(/Photo: Kim Lee/);
    expect(caption.textContent).toBe('Photo: Kim Lee, CC BY 4.0');
    expect(screen.getByRole('link', { name: 'CC BY 4.0' }).getAttribute('href')).toBe(
      'https://creativecommons.org/licenses/by/4.0/',
    );
  });

  it('a photo with one size and no licence link shows the licence as text', () => {
    render(
      <BeachPhotos
        beachTitle="Manly Beach"
        images={[
          { id: 2, url: '/media/manly.jpg', caption: null, credit: null, licence: 'Used with permission' },
        ]}
      />,
    );
    expect(screen.getByRole('img', { name: 'Manly Beach' }).hasAttribute('srcset')).toBe(false);
    expect(screen.getByText('Used with permission').tagName).toBe('FIGCAPTION');
  });
});
