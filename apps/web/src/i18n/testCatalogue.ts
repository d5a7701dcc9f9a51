/// <reference types="node" />
import { readdirSync, readFileSync, existsSync } from 'node:fs';

/** For tests: a language's whole catalogue as the app sees it (the shell's file plus every feature's). */
export type Tree = { [key: string]: string | Tree };

const featuresDir = new URL('../features/', import.meta.url);

export function catalogueFiles(lang: string): URL[] {
  const files = [new URL(`./locales/${lang}.json`, import.meta.url)];
  for (const feature of readdirSync(featuresDir)) {
    const file = new URL(`${feature}/locales/${lang}.json`, featuresDir);
    if (existsSync(file)) files.push(file);
  }
  return files;
}

export function loadTree(lang: string): Tree {
  const merged: Tree = {};
  for (const file of catalogueFiles(lang)) {
    const tree = JSON.parse(readFileSync(file, 'utf8')) as Tree;
    for (const [ns, value] of Object.entries(tree)) {
      // Each top-level namespace belongs to one file; two files sharing one would shadow each other.
      if (ns in merged) throw new Error(`namespace "${ns}" appears twice (${file.pathname})`);
      merged[ns] = value;
    }
  }
  return merged;
}

export function flatten(tree: Tree): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (node: Tree, prefix: string): void => {
    for (const [key, value] of Object.entries(node)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (typeof value === 'string') out.set(path, value);
      else walk(value, path);
    }
  };
  walk(tree, '');
  return out;
}
