// Which texts a browser bundle's code names, read with TypeScript's own type checker: for every
// call of a translate function (`t`, a `TFunction` of src/shared/i18n.tsx) in the bundle's
// source files, the key or keys its first argument can be. A string, a choice between strings
// (`a ? "x.y" : "x.z"`), a template (`form.${id}`, `id` of type "departure" | "destination"), a
// value of a string-literal type, or a parameter whose calls in these files pass one of those.
// A template part typed only `string` stands for any text (`nav.${name}`: every `nav.` text is
// shipped). A key the checker cannot bound (a plain `string`) is an error: the browser would
// miss a text the server shows. The build (build.mjs) ships what this finds, and the texts test
// finds it again to check the build it runs against.
import * as esbuild from "esbuild";
import { join } from "node:path";
import ts from "typescript";

/**
 * The source files (absolute paths, under src/) each browser entry bundles, as esbuild follows
 * its imports; packages and the compiled texts are left out.
 * @param {Record<string, string>} entries bundle name -> entry file, relative to `uiDir`
 */
export async function bundleSources(entries, uiDir) {
  const sources = {};
  for (const [name, entry] of Object.entries(entries)) {
    const probe = await esbuild.build({
      entryPoints: [join(uiDir, entry)],
      bundle: true,
      write: false,
      metafile: true,
      jsx: "automatic",
      logLevel: "silent",
      absWorkingDir: uiDir,
      external: ["react", "react/*", "react-dom", "react-dom/*", "i18next", "virtual:texts"],
    });
    sources[name] = Object.keys(probe.metafile.inputs)
      .filter((p) => p.startsWith("src/"))
      .map((p) => join(uiDir, p));
  }
  return sources;
}

/** Any text, in a key's shape. */
export const ANY = Symbol("any text");
const MAX_DEPTH = 6;

/** A shape's readable form: `form.name`, `nav.*`. */
export const shapeText = (shape) => shape.map((p) => (p === ANY ? "*" : p)).join("");

/** A shape as a regular expression over whole keys. */
export function shapeRegExp(shape) {
  return new RegExp(`^${shape.map((p) => (p === ANY ? "[^]*?" : p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("")}$`);
}

/** Every combination of one shape of each list, in order. */
const product = (...lists) => lists.reduce((acc, list) => acc.flatMap((a) => list.map((b) => [...a, ...b])), [[]]);

class Unbounded extends Error {}

/**
 * The key shapes the translate calls of each bundle name.
 * @param {Record<string, string[]>} bundles each bundle's own source files (absolute paths)
 * @param {string} tsconfig the tsconfig.json whose compiler options the sources use
 * @returns {Record<string, { names: { shape: (string|symbol)[], where: string }[], unbounded: string[] }>}
 */
export function namedKeys(bundles, tsconfig) {
  const config = ts.getParsedCommandLineOfConfigFile(
    tsconfig,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  );
  // Only the bundles' own files and the language's core types: the keys never depend on the DOM's
  // or React's types, and reading those would take seconds.
  const all = [...new Set(Object.values(bundles).flat())];
  const program = ts.createProgram(all, {
    ...config.options,
    noEmit: true,
    noResolve: true,
    types: [],
    lib: ["lib.es2020.d.ts"],
  });
  const checker = program.getTypeChecker();
  return Object.fromEntries(
    Object.entries(bundles).map(([name, files]) => [name, bundleKeys(program, checker, files)]),
  );
}

/** The key shapes of one bundle: only its own calls count (a shared helper's key is what this bundle passes it). */
function bundleKeys(program, checker, files) {
  const sources = files.map((f) => program.getSourceFile(f)).filter(Boolean);
  const calls = [];
  const visit = (node) => {
    if (ts.isCallExpression(node)) calls.push(node);
    ts.forEachChild(node, visit);
  };
  sources.forEach(visit);

  const where = (node) => {
    const file = node.getSourceFile();
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    return `${file.fileName.replace(/^.*?\/src\//, "src/")}:${line + 1}`;
  };
  const symbolOf = (node) => {
    const symbol = checker.getSymbolAtLocation(node);
    return symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  };
  // `t(…)`, `props.t(…)`, or any other name for a TFunction (`const say = t`).
  const isTranslate = (callee) => {
    const name = ts.isIdentifier(callee) ? callee : ts.isPropertyAccessExpression(callee) ? callee.name : undefined;
    return !!name && (name.text === "t" || checker.getTypeAtLocation(callee).aliasSymbol?.name === "TFunction");
  };

  /** The shapes a value of `type` can take; a template part may be any text. */
  function typeShapes(type, inTemplate) {
    if (type.isStringLiteral()) return [[type.value]];
    if (type.isNumberLiteral()) return [[String(type.value)]];
    if (type.isUnion()) return type.types.flatMap((t) => typeShapes(t, inTemplate));
    if (type.flags & ts.TypeFlags.TemplateLiteral) {
      return product([[type.texts[0]]], ...type.types.flatMap((t, i) => [typeShapes(t, true), [[type.texts[i + 1]]]]));
    }
    if (inTemplate && type.flags & (ts.TypeFlags.String | ts.TypeFlags.Number)) return [[ANY]];
    throw new Unbounded(checker.typeToString(type));
  }

  /** The arguments passed for `parameter` by the calls of its function in these files. */
  function argumentsFor(parameter) {
    const fn = parameter.parent;
    const index = fn.parameters.indexOf(parameter);
    const declared = ts.isVariableDeclaration(fn.parent) ? fn.parent : fn;
    return calls.filter((c) => symbolOf(c.expression)?.valueDeclaration === declared).map((c) => c.arguments[index]);
  }

  function shapes(node, depth, inTemplate = false) {
    if (depth > MAX_DEPTH) throw new Unbounded("too many steps");
    while (
      ts.isParenthesizedExpression(node) ||
      ts.isAsExpression(node) ||
      ts.isNonNullExpression(node) ||
      ts.isSatisfiesExpression(node)
    )
      node = node.expression;
    if (ts.isStringLiteralLike(node)) return [[node.text]];
    if (ts.isConditionalExpression(node))
      return [...shapes(node.whenTrue, depth, inTemplate), ...shapes(node.whenFalse, depth, inTemplate)];
    if (ts.isTemplateExpression(node)) {
      return product(
        [[node.head.text]],
        ...node.templateSpans.flatMap((span) => [shapes(span.expression, depth, true), [[span.literal.text]]]),
      );
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      return product(shapes(node.left, depth, true), shapes(node.right, depth, true));
    }
    try {
      return typeShapes(checker.getTypeAtLocation(node), inTemplate);
    } catch (e) {
      // A parameter typed only `string`: what its callers here pass.
      const declaration = ts.isIdentifier(node) ? symbolOf(node)?.valueDeclaration : undefined;
      if (!(e instanceof Unbounded) || !declaration || !ts.isParameter(declaration)) throw e;
      const args = argumentsFor(declaration);
      if (args.length === 0 || args.some((a) => a === undefined)) throw e;
      return args.flatMap((a) => shapes(a, depth + 1, inTemplate));
    }
  }

  const names = [];
  const unbounded = [];
  for (const call of calls) {
    if (!isTranslate(call.expression)) continue;
    const [key] = call.arguments;
    try {
      if (!key || ts.isSpreadElement(key)) throw new Unbounded("no key");
      for (const shape of shapes(key, 0)) {
        // `${a}.b`: a key must start with known text.
        if (shape[0] === ANY || shape[0] === "") throw new Unbounded(shapeText(shape));
        names.push({ shape: shape.filter((p) => p !== ""), where: where(call) });
      }
    } catch (e) {
      if (!(e instanceof Unbounded)) throw e;
      unbounded.push(`${where(call)}: ${call.getText()} (the key is ${e.message} here)`);
    }
  }
  return { names, unbounded };
}
