import { describe, expect, it } from 'vitest';
import { nextTool, toolKey, type Tool } from './toolbarKeys';

const action = (id: string, name: string, custom = false): Tool[] => [
  { key: toolKey(id, 'main'), main: true, name },
  { key: toolKey(id, 'pin'), main: false, name },
  ...(custom ? [{ key: toolKey(id, 'delete'), main: false, name }] : []),
];
const tools = [
  ...action('a', 'Homework complete'),
  ...action('b', 'Great participation'),
  ...action('c', 'Helping others', true),
  ...action('d', 'Late to class'),
];

describe('nextTool (the action picker as one Tab stop)', () => {
  it('moves left and right through every control, stopping at the edges', () => {
    expect(nextTool('ArrowRight', tools, 'a:main')).toBe('a:pin');
    expect(nextTool('ArrowRight', tools, 'a:pin')).toBe('b:main');
    expect(nextTool('ArrowRight', tools, 'c:pin')).toBe('c:delete');
    expect(nextTool('ArrowLeft', tools, 'b:main')).toBe('a:pin');
    expect(nextTool('ArrowLeft', tools, 'a:main')).toBe('a:main');
    expect(nextTool('ArrowRight', tools, 'd:pin')).toBe('d:pin');
  });
  it('moves up and down from action to action, past pins and delete buttons', () => {
    expect(nextTool('ArrowDown', tools, 'a:main')).toBe('b:main');
    expect(nextTool('ArrowDown', tools, 'c:delete')).toBe('d:main');
    expect(nextTool('ArrowUp', tools, 'c:pin')).toBe('c:main');
    expect(nextTool('ArrowUp', tools, 'c:main')).toBe('b:main');
    expect(nextTool('ArrowDown', tools, 'd:main')).toBe('d:main');
    expect(nextTool('ArrowUp', tools, 'a:main')).toBe('a:main');
  });
  it('goes to the first or last action with Home and End', () => {
    expect(nextTool('Home', tools, 'c:pin')).toBe('a:main');
    expect(nextTool('End', tools, 'a:main')).toBe('d:main');
  });
  it('jumps to the next action starting with a typed letter, wrapping round', () => {
    expect(nextTool('h', tools, 'a:main')).toBe('c:main');
    expect(nextTool('H', tools, 'c:main')).toBe('a:main');
    expect(nextTool('l', tools, 'a:main')).toBe('d:main');
    expect(nextTool('z', tools, 'a:main')).toBeNull();
  });
  it('leaves Enter, Space, Tab and an unknown focus alone', () => {
    expect(nextTool('Enter', tools, 'a:main')).toBeNull();
    expect(nextTool(' ', tools, 'a:main')).toBeNull();
    expect(nextTool('Tab', tools, 'a:main')).toBeNull();
    expect(nextTool('ArrowDown', tools, 'gone:main')).toBe('b:main');
    expect(nextTool('ArrowDown', [], 'a:main')).toBeNull();
  });
});
