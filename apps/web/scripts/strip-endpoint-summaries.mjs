// The endpoints' `summary` texts are the server's (its OpenAPI document): no screen reads them,
// yet every contract module a screen calls carried them, about 1 KB gzip on an order screen
// (decision 0012's budgets). The build leaves them out of the browser's bundle; the server,
// which does not build through Vite, keeps them.
import { parseAst } from 'vite';

const CONTRACT_MODULE = /[\\/]packages[\\/]contract[\\/]src[\\/]modules[\\/][^\\/]+\.ts$/;

/** A summary's value the build may drop: text, a template of names, or a name. */
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
 * `code` (JavaScript) without the `summary: …` properties of its object literals whose value is
 * plain text; null when it has none.
 */
export function stripEndpointSummaries(code) {
  const cuts = [];
  visit(parseAst(code), (object) => {
    for (const property of object.properties) {
      if (
        property.type === 'Property' &&
        !property.computed &&
        property.key.type === 'Identifier' &&
        property.key.name === 'summary' &&
        isPlainText(property.value)
      ) {
        let end = property.end;
        while (/\s/.test(code[end] ?? '')) end += 1;
        if (code[end] === ',') end += 1;
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

/** The Vite plugin: contract modules only, after TypeScript has become JavaScript. */
export function endpointSummaries() {
  return {
    name: 'pcb:strip-endpoint-summaries',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!CONTRACT_MODULE.test(id)) return null;
      const out = stripEndpointSummaries(code);
      return out === null ? null : { code: out, map: null };
    },
  };
}
