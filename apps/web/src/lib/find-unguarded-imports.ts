import ts from 'typescript';

export interface UnguardedImport {
  line: number;
  text: string;
}

/**
 * Finds every dynamic `import()` that does not go through the chunk timeout of spec §9: the one form allowed is
 * `loadChunk(() => import('…'))`, the import as the whole body of the function given to `loadChunk` (lib/chunk-load.ts).
 * `lazy(() => import('…'))`, `import('…').then(…)` and `await import('…')` wait for ever on a hung chunk.
 * Import types (`typeof import('…')`) load nothing and are not calls.
 */
export function findUnguardedImports(fileName: string, source: string): UnguardedImport[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: UnguardedImport[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && !throughLoadChunk(node)) {
      found.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: node.getText(file) });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function throughLoadChunk(importCall: ts.CallExpression): boolean {
  let body: ts.Node = importCall;
  while (ts.isParenthesizedExpression(body.parent)) body = body.parent;
  const fn = body.parent;
  if (!ts.isArrowFunction(fn) || fn.body !== body) return false;
  const call = fn.parent;
  return ts.isCallExpression(call) && call.arguments[0] === fn && ts.isIdentifier(call.expression) && call.expression.text === 'loadChunk';
}
