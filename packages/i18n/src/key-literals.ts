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

/** A call of a translation function (`t('ns.key', { … })`) and the names of the values it passes. */
export interface TranslationCall {
  readonly key: string;
  readonly line: number;
  /** The names the call passes; undefined where they cannot be read from the source (a variable or a spread). */
  readonly passed: readonly string[] | undefined;
}

/**
 * Every call `t('ns.key')` or `….t('ns.key', { a, b: 1 })` whose key is a literal of a known namespace, with the
 * names it passes: what the tests check against the placeholders of the key's text, so that no `{{name}}` is
 * shown raw because the caller forgot to pass it.
 */
export function findTranslationCalls(fileName: string, source: string, namespaces: ReadonlySet<string>): TranslationCall[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const calls: TranslationCall[] = [];
  const isT = (callee: ts.Expression) =>
    (ts.isIdentifier(callee) && callee.text === 't') || (ts.isPropertyAccessExpression(callee) && callee.name.text === 't');
  const namesOf = (options: ts.Expression | undefined): string[] | undefined => {
    if (options === undefined) return [];
    if (!ts.isObjectLiteralExpression(options)) return undefined;
    const names: string[] = [];
    for (const property of options.properties) {
      if (ts.isSpreadAssignment(property) || property.name === undefined) return undefined;
      if (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) names.push(property.name.text);
      else return undefined;
    }
    return names;
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && isT(node.expression)) {
      const [first, second] = node.arguments;
      if (
        first &&
        ts.isStringLiteralLike(first) &&
        /^[a-zA-Z]+\.[A-Za-z0-9_.]+$/.test(first.text) &&
        namespaces.has(first.text.split('.')[0] ?? '')
      )
        calls.push({ key: first.text, line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, passed: namesOf(second) });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return calls;
}
