export { BeachConditions, PlaceConditions } from './lazy.tsx';
export { useNow } from './useNow.ts';
