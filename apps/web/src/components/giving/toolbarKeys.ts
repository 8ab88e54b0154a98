/** One control of the action picker: an action itself, its pin, or (custom actions) its delete button. */
export interface Tool {
  key: string;
  /** The action's own button (arrow up/down and type-ahead move between these only). */
  main: boolean;
  /** The action's name, for type-ahead. */
  name: string;
}

/** The key of a control: `${actionId}:main`, `${actionId}:pin` or `${actionId}:delete`. */
export const toolKey = (actionId: string, part: 'main' | 'pin' | 'delete') => `${actionId}:${part}`;

/**
 * Where a key moves within the action picker (one Tab stop, roving tabindex): left/right through
 * every control in reading order (an action, then its pin), up/down from action to action,
 * Home/End to the first or last action, and a letter to the next action whose name starts with it.
 * Null for any other key (Enter, Space and Tab keep their usual meaning).
 */
export function nextTool(key: string, tools: readonly Tool[], current: string): string | null {
  if (!tools.length) return null;
  const at = Math.max(
    0,
    tools.findIndex((t) => t.key === current),
  );
  const mains = tools.map((t, i) => (t.main ? i : -1)).filter((i) => i >= 0);
  const step = (from: number, dir: 1 | -1, onlyMain: boolean) => {
    for (let i = from + dir; i >= 0 && i < tools.length; i += dir)
      if (!onlyMain || tools[i]!.main) return tools[i]!.key;
    return tools[from]!.key;
  };
  switch (key) {
    case 'ArrowRight':
      return step(at, 1, false);
    case 'ArrowLeft':
      return step(at, -1, false);
    case 'ArrowDown':
      return step(at, 1, true);
    case 'ArrowUp':
      return step(at, -1, true);
    case 'Home':
      return tools[mains[0] ?? 0]!.key;
    case 'End':
      return tools[mains[mains.length - 1] ?? tools.length - 1]!.key;
    default: {
      if (key.length !== 1 || !/\p{L}|\p{N}/u.test(key)) return null;
      const letter = key.toLocaleLowerCase();
      // The next action after the current one (wrapping round) whose name starts with the letter.
      for (let n = 1; n <= tools.length; n++) {
        const t = tools[(at + n) % tools.length]!;
        if (t.main && t.name.toLocaleLowerCase().startsWith(letter)) return t.key;
      }
      return null;
    }
  }
}
