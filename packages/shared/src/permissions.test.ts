import { describe, expect, it } from 'vitest';
import { signNonce } from './auth.js';
import {
  buildPermissionTree,
  flattenPermissionTree,
  PERMISSIONS,
  PERMISSION_KEYS,
  type PermissionKey,
} from './permissions.js';
import { BUILTIN_ROLES, ROLE_PERMISSIONS } from './roles.js';

const title = (k: PermissionKey) => `T:${k}`;

describe('permission tree', () => {
  it('nests children under their parents in catalogue order', () => {
    const tree = buildPermissionTree(['station.view', 'station.create', 'station.delete'], title);
    expect(tree).toHaveLength(1);
    expect(tree[0]?.children.map((c) => c.permission)).toEqual(['station.create', 'station.delete']);
    expect(tree[0]?.children[0]).toMatchObject({ type: 0, hidden: true, name: 'T:station.create' });
  });
  it('drops a key whose parent is not held', () => {
    expect(buildPermissionTree(['station.delete'], title)).toEqual([]);
  });
  it('gives equip.view a smart.acSwitch child when missing', () => {
    const tree = buildPermissionTree(['equip.view'], title);
    expect(tree[0]?.children.map((c) => c.permission)).toEqual(['smart.acSwitch']);
  });
  it('round-trips through flatten', () => {
    const tree = buildPermissionTree(PERMISSION_KEYS, title);
    expect(flattenPermissionTree(tree).size).toBe(PERMISSION_KEYS.length);
  });
  it('every parent is a key, and every role holds the parents of what it holds', () => {
    for (const key of PERMISSION_KEYS) {
      const parent: string | null = PERMISSIONS[key].parent;
      if (parent !== null) expect(PERMISSION_KEYS).toContain(parent);
    }
    for (const r of BUILTIN_ROLES) {
      const held = new Set<string>(ROLE_PERMISSIONS[r]);
      for (const key of held) {
        const parent: string | null = PERMISSIONS[key as PermissionKey].parent;
        if (parent !== null) expect(held.has(parent), `${r}: ${key} without ${parent}`).toBe(true);
      }
    }
  });
});

describe('signNonce', () => {
  it('is the SHA-256 hex of nonce + source + the app suffix', async () => {
    const { createHash } = await import('node:crypto');
    const expected = createHash('sha256').update('abc12345webheliograph-console-v1').digest('hex');
    expect(signNonce('abc12345', 'web')).toBe(expected);
  });
});
