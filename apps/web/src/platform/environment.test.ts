import { afterEach, describe, expect, it } from 'vitest';
import { ENVIRONMENT_STORAGE_KEY, currentEnvironment, environmentOptions } from './environment.ts';

const settings = {
  VITE_API_BASE_PRODUCTION: 'https://api.safeshore.example/',
  VITE_API_BASE_STAGING: ' https://staging.safeshore.example ',
};

afterEach(() => window.localStorage.clear());

describe('environment options', () => {
  it('are Production and Staging with their base addresses from the build settings', () => {
    expect(environmentOptions(settings)).toEqual([
      { name: 'Production', key: 'https://api.safeshore.example' },
      { name: 'Staging', key: 'https://staging.safeshore.example' },
    ]);
  });

  it('fall back to VITE_API_BASE, then the same origin, and leave an unset Staging unconfigured', () => {
    expect(environmentOptions({ VITE_API_BASE: 'https://api.example' })).toEqual([
      { name: 'Production', key: 'https://api.example' },
      { name: 'Staging', key: null },
    ]);
    expect(environmentOptions({ VITE_API_BASE_STAGING: '  ' })).toEqual([
      { name: 'Production', key: '' },
      { name: 'Staging', key: null },
    ]);
  });
});

describe('the environment in use', () => {
  it('is the remembered choice inside the app shell', () => {
    window.localStorage.setItem(ENVIRONMENT_STORAGE_KEY, 'https://staging.safeshore.example');
    expect(currentEnvironment(settings, true)).toEqual({
      name: 'Staging',
      key: 'https://staging.safeshore.example',
    });
  });

  it('is Production on the web, whatever is stored', () => {
    window.localStorage.setItem(ENVIRONMENT_STORAGE_KEY, 'https://staging.safeshore.example');
    expect(currentEnvironment(settings, false).name).toBe('Production');
  });

  it('is Production when nothing was chosen or the choice is not offered by this build', () => {
    expect(currentEnvironment(settings, true).name).toBe('Production');
    window.localStorage.setItem(ENVIRONMENT_STORAGE_KEY, 'https://elsewhere.example');
    expect(currentEnvironment(settings, true).name).toBe('Production');
  });
});
