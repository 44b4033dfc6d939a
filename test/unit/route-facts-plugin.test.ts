import { readFileSync } from 'node:fs';
import path from 'node:path';
import { transformWithOxc } from 'vite';
import { describe, expect, it } from 'vitest';
import { stripServerRouteFacts } from '../../web/route-facts-plugin';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A route module as the web build hands it to the plugin: TypeScript already stripped. */
async function webBuildOf(file: string): Promise<string> {
  const id = path.join(ROOT, file);
  const javascript = (await transformWithOxc(readFileSync(id, 'utf8'), id)).code;
  const transform = stripServerRouteFacts().transform as (
    code: string,
    id: string,
  ) => { code: string } | null;
  return transform(javascript, id)?.code ?? javascript;
}

describe('the web build of a route module', () => {
  it("keeps what the web's client reads (method, path, access, conditional) and drops the server's fields", async () => {
    const code = await webBuildOf('shared/routes/applications.ts');
    // The plugin writes each route object on one line.
    const getMyApplication = /getMyApplication = \{.*/.exec(code)?.[0] ?? '';

    expect(getMyApplication).toMatch(/method: "GET"|method: 'GET'/);
    expect(getMyApplication).toMatch(/conditional: true/);
    expect(getMyApplication).toMatch(/access:/);
    expect(getMyApplication).not.toMatch(/handler:|summary:|uses:|tag:/);
    expect(code).not.toMatch(/handlers\/applications\//);
  });
});
