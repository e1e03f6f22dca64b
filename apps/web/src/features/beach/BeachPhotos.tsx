import type { BeachDetailResponse } from '@safeshore/domain';
import { Carousel } from '../../ui/Carousel.tsx';
import { BeachIcon } from '../../ui/icons/index.ts';
import { FallbackImage } from './FallbackImage.tsx';

type BeachImage = BeachDetailResponse['images'][number];

/** The photo card's width: the page column on desktop, the screen on a phone. */
const PHOTO_SIZES = '(min-width: 1000px) 800px, 100vw';

function Photo({ image, beachTitle, eager }: { image: BeachImage; beachTitle: string; eager: boolean }) {
  const licence =
    image.licence && image.licence_url ? (
      <a href={image.licence_url} target="_blank" rel="noopener noreferrer">
        {image.licence}
      </a>
    ) : (
      image.licence
    );
  return (
    <figure className="beach-photo">
      <FallbackImage
        src={image.url}
        srcSet={image.srcset ?? undefined}
        sizes={image.srcset ? PHOTO_SIZES : undefined}
        alt={image.caption ?? beachTitle}
        loading={eager ? 'eager' : 'lazy'}
      />
      {(image.credit || image.licence) && (
        <figcaption className="beach-photo__credit">
          {image.credit && `Photo: ${image.credit}`}
          {image.credit && image.licence && ', '}
          {licence}
        </figcaption>
      )}
    </figure>
  );
}

/** The photo carousel: several photos rotate, one shows alone, none shows the placeholder. */
export function BeachPhotos({ images, beachTitle }: { images: BeachImage[]; beachTitle: string }) {
  return (
    <section className="card beach__photo" aria-label="Photos">
      {images.length === 0 ? (
        <div className="photo-placeholder">
          <BeachIcon size={48} />
          <p>No photos of this beach yet.</p>
        </div>
      ) : images.length === 1 ? (
        <Photo image={images[0]!} beachTitle={beachTitle} eager />
      ) : (
        <Carousel
          label={`Photos of ${beachTitle}`}
          slides={images.map((image, i) => (
            <Photo key={image.id} image={image} beachTitle={beachTitle} eager={i === 0} />
          ))}
        />
      )}
    </section>
  );
}
