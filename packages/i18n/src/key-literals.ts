import ts from 'typescript';

/**
 * String literals shaped like translation keys of a known namespace ("config.save", "sections.assets"): what
 * the tests of each app check against the catalogue, so that code cannot refer to a key that does not exist.
 */
export function findKeyLiterals(fileName: string, source: string, namespaces: ReadonlySet<string>): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const keys: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) && /^[a-zA-Z]+\.[A-Za-z0-9_.]+$/.test(node.text) && namespaces.has(node.text.split('.')[0] ?? ''))
      keys.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return keys;
}
