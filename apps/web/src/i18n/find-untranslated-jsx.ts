import ts from 'typescript';

/** JSX attributes whose text a user sees or hears; a string literal in one of them bypasses translation. */
const VISIBLE_ATTRIBUTES = new Set([
  'label',
  'title',
  'placeholder',
  'aria-label',
  'alt',
  'helperText',
  'message',
  'primary',
  'secondary',
  'closeText',
]);
const HAS_LETTER = /\p{L}/u;

export interface UntranslatedText {
  line: number;
  text: string;
}

/** Finds JSX text and user-visible attribute literals that contain letters (i.e. words not passed through t()). */
export function findUntranslatedJsx(fileName: string, source: string): UntranslatedText[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: UntranslatedText[] = [];
  const report = (node: ts.Node, text: string) =>
    found.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: text.trim() });

  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && HAS_LETTER.test(node.text)) report(node, node.text);
    if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(file)) && node.initializer) {
      const init = node.initializer;
      const literal = ts.isStringLiteral(init)
        ? init
        : ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)
          ? init.expression
          : null;
      if (literal && HAS_LETTER.test(literal.text)) report(node, literal.text);
    }
    if (
      ts.isJsxExpression(node) &&
      node.expression &&
      ts.isStringLiteralLike(node.expression) &&
      ts.isJsxElement(node.parent) &&
      HAS_LETTER.test(node.expression.text)
    ) {
      report(node, node.expression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
