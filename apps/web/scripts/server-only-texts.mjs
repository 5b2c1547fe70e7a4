// Texts in the shared source that only the server reads: the endpoints' `summary` (its OpenAPI
// document) in the contract's modules, and the routes' `description` (the meta tag it writes
// into a page) in the route table. No screen reads them, yet every screen downloaded those of
// the modules it loads, about 1.3 KB gzip on an order screen (decision 0012's budgets). The
// build leaves them out of the browser's bundle; the server, which does not build through Vite,
// keeps them, and the route-table plugin reads the descriptions from the source.
import { parseAst } from 'vite';

const SERVER_ONLY = [
  { file: /[\\/]packages[\\/]contract[\\/]src[\\/]modules[\\/][^\\/]+\.ts$/, property: 'summary' },
  { file: /[\\/]apps[\\/]web[\\/]src[\\/]app[\\/]route-table\.ts$/, property: 'description' },
];

/** A value the build may drop: text, a template of names, or a name. */
const isPlainText = (node) =>
  node.type === 'Literal' ||
  node.type === 'Identifier' ||
  (node.type === 'TemplateLiteral' && node.expressions.every((e) => e.type === 'Identifier'));

function visit(node, onObject) {
  if (!node || typeof node.type !== 'string') return;
  if (node.type === 'ObjectExpression') onObject(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const child of value) visit(child, onObject);
    else if (value && typeof value === 'object') visit(value, onObject);
  }
}

/**
 * `code` (JavaScript) without the `name: …` properties of its object literals whose value is
 * plain text; null when it has none.
 */
export function stripTextProperties(code, name) {
  const cuts = [];
  visit(parseAst(code), (object) => {
    for (const property of object.properties) {
      if (
        property.type === 'Property' &&
        !property.computed &&
        property.key.type === 'Identifier' &&
        property.key.name === name &&
        isPlainText(property.value)
      ) {
        let end = property.end;
        while (/\s/.test(code[end] ?? '')) end += 1;
        if (code[end] === ',') {
          end += 1;
          while (code[end] === ' ') end += 1;
        }
        cuts.push([property.start, end]);
      }
    }
  });
  if (cuts.length === 0) return null;
  let out = code;
  for (const [start, end] of cuts.sort((a, b) => b[0] - a[0])) {
    out = out.slice(0, start) + out.slice(end);
  }
  return out;
}

/** The Vite plugin: in the build, after TypeScript has become JavaScript. */
export function serverOnlyTexts() {
  return {
    name: 'pcb:server-only-texts',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      const rule = SERVER_ONLY.find(({ file }) => file.test(id));
      if (!rule) return null;
      const out = stripTextProperties(code, rule.property);
      return out === null ? null : { code: out, map: null };
    },
  };
}
