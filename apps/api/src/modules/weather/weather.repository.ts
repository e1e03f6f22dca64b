import type { Database } from '../../db/schema.ts';

/** What the conditions of a beach depend on: where it is, its clock and its state (warning feeds). */
export interface WeatherBeach {
  id: number;
  latitude: number;
  longitude: number;
  timezone: string;
  state: string;
}

export function createWeatherRepository(db: Database) {
  return {
    findBeach(id: number): Promise<WeatherBeach | undefined> {
      return db
        .selectFrom('beaches')
        .select(['id', 'latitude', 'longitude', 'timezone', 'state'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
  };
}

export type WeatherRepository = ReturnType<typeof createWeatherRepository>;
