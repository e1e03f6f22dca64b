export { BeachConditions, BeachWeatherSummary, PlaceConditions } from './lazy.tsx';
