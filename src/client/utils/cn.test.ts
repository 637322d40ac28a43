import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn } from './cn.ts';

const CLIENT = join(import.meta.dirname, '..');

/** Every quoted string in the client's source that reads as a list of two or more classes. */
function classLists(): { kit: string[]; all: string[] } {
  const token = /^!?-?[a-z0-9[*&@][\w:[\]\-/.%=&_!()>*@#,]*!?$/;
  const kit = new Set<string>();
  const all = new Set<string>();
  const files = readdirSync(CLIENT, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !file.includes('.test.'),
  );
  for (const file of files) {
    const source = readFileSync(join(CLIENT, file), 'utf8');
    for (const match of source.matchAll(/(["'`])((?:(?!\1)[^\\\n])+)\1/g)) {
      const tokens = match[2]!.trim().split(/\s+/);
      if (tokens.length < 2 || !tokens.every((part) => token.test(part))) continue;
      all.add(tokens.join(' '));
      if (/components[\\/]ui[\\/]/.test(file)) kit.add(tokens.join(' '));
    }
  }
  return { kit: [...kit], all: [...all] };
}

const asSet = (classes: string) => [...new Set(classes.split(' ').filter(Boolean))].sort();

describe('cn', () => {
  it('lets a later class of the same kind win, keeping the rest', () => {
    expect(cn('h-10 px-5 text-sm', 'h-auto px-0')).toBe('text-sm h-auto px-0');
    expect(cn('px-2 py-1', 'p-4')).toBe('p-4');
    expect(cn('p-4', 'px-2')).toBe('p-4 px-2');
    expect(cn('text-sm text-foreground', 'text-gold')).toBe('text-sm text-gold');
    expect(cn('bg-primary hover:bg-primary/88', 'hover:bg-accent')).toBe(
      'bg-primary hover:bg-accent',
    );
    expect(cn('flex-col gap-1.5 p-6', 'flex-row')).toBe('gap-1.5 p-6 flex-row');
    expect(cn('border border-border', 'border-2 border-gold')).toBe('border-2 border-gold');
    expect(cn('size-10', 'h-8')).toBe('size-10 h-8');
    expect(cn('motion-reduce:animate-none!', false, undefined, 'peer')).toBe(
      'motion-reduce:animate-none! peer',
    );
  });

  it(
    'merges as tailwind-merge does over every class list in the client',
    { timeout: 30_000 },
    () => {
      const { kit, all } = classLists();
      expect(kit.length).toBeGreaterThan(50);
      const differences: string[] = [];
      for (const first of kit) {
        for (const second of ['', ...all]) {
          const ours = asSet(cn(first, second));
          const theirs = asSet(twMerge(first, second));
          if (ours.join(' ') !== theirs.join(' ')) differences.push(`${first} + ${second}`);
        }
      }
      for (const list of all) {
        if (asSet(cn(list)).join(' ') !== asSet(twMerge(list)).join(' ')) differences.push(list);
      }
      expect(differences.slice(0, 5)).toEqual([]);
    },
  );
});
