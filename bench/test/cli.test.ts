import { describe, expect, it } from 'vitest';
import { parseArgs, serverNodeFlags } from '../src/lib/cli.ts';
import { productNodeFlags } from '../src/lib/server.ts';

describe('benchmark arguments', () => {
  it('keeps an inline value whole when it holds "=" itself', () => {
    const opts = parseArgs([
      'alarm',
      '--node-flags=--max-semi-space-size=64 --max-old-space-size=900',
      '--rate',
      '2140',
    ]);
    expect(opts.names).toEqual(['alarm']);
    expect(opts.flags.get('rate')).toBe('2140');
    expect(serverNodeFlags(opts)).toEqual(['--max-semi-space-size=64', '--max-old-space-size=900']);
  });

  it('has no server node flags unless asked', () => {
    expect(serverNodeFlags(parseArgs(['ingest', '--quick']))).toEqual([]);
  });

  it("starts benchmark servers with the flags of the product's start script", () => {
    expect(productNodeFlags()).toEqual(['--max-semi-space-size=64']);
  });
});
