import { Link, useLocation } from 'react-router';
import { PROMOTION_TILES, tileBackground, type PromotionTile } from '@safeshore/domain';
import { useScreenSize } from '../platform/screen.ts';
import { ExternalLinkIcon } from '../ui/icons/ui-icons.tsx';

function TileButton({ tile }: { tile: PromotionTile }) {
  if (tile.button_target === '_blank') {
    return (
      <a className="button promo__button" href={tile.button_url} target="_blank" rel="noopener noreferrer">
        {tile.button_label}
        <ExternalLinkIcon size={16} title="(opens in a new tab)" />
      </a>
    );
  }
  return (
    <Link className="button promo__button" to={tile.button_url}>
      {tile.button_label}
    </Link>
  );
}

/**
 * The footer promotion tiles. Each drawing sits in its own column beside the text (never behind it,
 * so no heading runs over a drawing); its position and size follow the spec's screen sizes with a
 * default fallback. A tile that would send people to the page they are on is left out (issue 30:
 * "Spot the rip → Learn about rips" under the rip article itself).
 */
export function PromotionTiles() {
  const size = useScreenSize();
  const { pathname } = useLocation();
  const tiles = PROMOTION_TILES.filter((tile) => tile.button_url !== pathname.replace(/(.)\/$/, '$1'));
  return (
    <section className="promos" aria-label="Learn and support">
      {tiles.map((tile) => {
        const bg = tileBackground(tile, size);
        return (
          <article key={tile.id} className="promo">
            <div className="promo__body">
              {tile.button_position === 'top' && <TileButton tile={tile} />}
              <h2 className="promo__title">{tile.title}</h2>
              <p className="promo__text">{tile.text}</p>
              {tile.button_position === 'bottom' && <TileButton tile={tile} />}
            </div>
            {bg && (
              <div
                className="promo__art"
                aria-hidden="true"
                style={{
                  backgroundImage: `url("${bg.background_url}")`,
                  backgroundPosition: `${bg.horizontal_position} ${bg.vertical_position}`,
                  backgroundSize: bg.background_size,
                }}
              />
            )}
          </article>
        );
      })}
    </section>
  );
}

export default PromotionTiles;
