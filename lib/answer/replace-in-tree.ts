type Container = Record<string | number, unknown>;

/**
 * Walks a parsed answer without recursion (a hostile answer may nest deeper than the call stack)
 * and replaces, in place, each value `replace` gives a new value for; a value it leaves
 * (undefined) is looked inside. Returns the root, or what replaced it.
 */
export function replaceInTree(root: unknown, replace: (value: unknown) => unknown): unknown {
  const replacedRoot = replace(root);
  if (replacedRoot !== undefined) return replacedRoot;
  const stack: Container[] = typeof root === "object" && root !== null ? [root as Container] : [];
  while (stack.length > 0) {
    const container = stack.pop() as Container;
    const keys: (string | number)[] = Array.isArray(container) ? container.map((_, index) => index) : Object.keys(container);
    for (const key of keys) {
      const child = container[key];
      const replaced = replace(child);
      if (replaced !== undefined) container[key] = replaced;
      else if (typeof child === "object" && child !== null) stack.push(child as Container);
    }
  }
  return root;
}
