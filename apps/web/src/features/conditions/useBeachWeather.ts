import { useQuery } from '@tanstack/react-query';
import { beachWeatherQuery } from '../../data/weather.ts';
import { useOnline } from '../../platform/online.ts';

/**
 * The beach's weather: requested only online (spec section 4), after the beach details (the page
 * renders these components once the details are in). The header summary and the tabs share it.
 */
export function useBeachWeather(beachId: number) {
  const online = useOnline();
  const query = useQuery({ ...beachWeatherQuery(beachId), enabled: online });
  return { ...query, online };
}
