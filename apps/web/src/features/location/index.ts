export { AlgalBloomWarning } from './AlgalBloomWarning.tsx';
export { Announcements } from './Announcements.tsx';
export { BeachFilterRow } from './BeachFilterRow.tsx';
export { BeachListItem } from './BeachListItem.tsx';
export { PostcodeRow } from './PostcodeRow.tsx';
export { mapBeaches } from './map-beaches.ts';
