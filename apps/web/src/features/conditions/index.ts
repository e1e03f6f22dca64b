export { BeachConditions, PlaceConditions } from './lazy.tsx';
export { useNow } from './useNow.ts';
export { ConditionsSources } from './ConditionsSources.tsx';
