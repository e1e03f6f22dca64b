import { usePageTitle } from '../../app/page-title.ts';
import { SearchBox } from '../search/index.ts';

/** A place path that names no place (the server answers it with a 404 and this page too). */
export function PlaceNotFound() {
  usePageTitle('Place not found');
  return (
    <div className="page page--narrow">
      <h1>Place not found</h1>
      <p>We could not find a place at this address. Search for a beach, place or postcode instead.</p>
      <SearchBox id="place-not-found-search" label="Search for a beach, place, postcode or surf club" />
    </div>
  );
}
