import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { behaviourFromEnv, LOCK_JAM_ENV } from './behaviour-env.ts';
import { DEFAULT_BEHAVIOUR } from './site-model.ts';

describe('behaviour from the environment', () => {
  it('leaves the default jam chance when the variable is unset or empty', () => {
    expect(behaviourFromEnv({})).toEqual({});
    expect(behaviourFromEnv({ [LOCK_JAM_ENV]: ' ' })).toEqual({});
    expect(DEFAULT_BEHAVIOUR.lockJamProbability).toBe(0.03);
  });

  it('takes a probability from 0 to 1', () => {
    expect(behaviourFromEnv({ [LOCK_JAM_ENV]: '0' })).toEqual({ lockJamProbability: 0 });
    expect(behaviourFromEnv({ [LOCK_JAM_ENV]: '0.5' })).toEqual({ lockJamProbability: 0.5 });
    expect(behaviourFromEnv({ [LOCK_JAM_ENV]: '1' })).toEqual({ lockJamProbability: 1 });
  });

  it('refuses a value that is no probability, naming the variable', () => {
    for (const bad of ['-0.1', '1.5', 'never', 'NaN'])
      expect(() => behaviourFromEnv({ [LOCK_JAM_ENV]: bad })).toThrow(LOCK_JAM_ENV);
  });
});

describe('the simulator program', () => {
  it('reads the jam chance from its environment: a bad value stops it before it connects', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts', '--sites', '1'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, MQTT_URL: 'mqtt://127.0.0.1:9', [LOCK_JAM_ENV]: '2' },
      encoding: 'utf8',
      timeout: 60_000,
      killSignal: 'SIGKILL',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${LOCK_JAM_ENV} must be a number from 0 to 1`);
  }, 90_000);
});
