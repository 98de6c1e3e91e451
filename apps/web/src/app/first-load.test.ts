import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { paths, segments } from '../config/paths.ts';
import { homeFirstLoad } from './first-load.ts';

const routerFile = join(import.meta.dirname, 'router.tsx');
const app = join(import.meta.dirname, '../..');
const repository = join(app, '../..');
const router = ts.createSourceFile(
  routerFile,
  readFileSync(routerFile, 'utf8'),
  ts.ScriptTarget.Latest,
  true,
  ts.ScriptKind.TSX,
);

/** router.tsx's top-level functions and constants, by name. */
const declarations = new Map<string, ts.Node>();
for (const statement of router.statements) {
  if (ts.isFunctionDeclaration(statement) && statement.name) declarations.set(statement.name.text, statement);
  if (!ts.isVariableStatement(statement)) continue;
  for (const declaration of statement.declarationList.declarations) {
    if (ts.isIdentifier(declaration.name) && declaration.initializer) {
      declarations.set(declaration.name.text, declaration.initializer);
    }
  }
}

/** Every node of a piece of router.tsx, and of the top-level functions and constants it names. */
function reach(node: ts.Node, reached: Set<ts.Node>): void {
  if (reached.has(node)) return;
  reached.add(node);
  const declared = ts.isIdentifier(node) ? declarations.get(node.text) : undefined;
  if (declared) reach(declared, reached);
  ts.forEachChild(node, (child) => reach(child, reached));
}

function importedBy(node: ts.Node): string | undefined {
  if (!ts.isCallExpression(node) || node.expression.kind !== ts.SyntaxKind.ImportKeyword) return undefined;
  const [specifier] = node.arguments;
  if (!specifier || !ts.isStringLiteral(specifier)) throw new Error(`Not a literal import: ${node.getText()}`);
  return specifier.text;
}

function property(route: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  const found = route.properties.find(
    (member): member is ts.PropertyAssignment =>
      ts.isPropertyAssignment(member) && ts.isIdentifier(member.name) && member.name.text === name,
  );
  return found?.initializer;
}

/** A route's path: a literal, or an entry of paths.ts. */
function pathOf(expression: ts.Expression): string {
  if (ts.isStringLiteral(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression) && ts.isIdentifier(expression.expression)) {
    const table: Record<string, unknown> | undefined = { paths, segments }[expression.expression.text];
    const value = table?.[expression.name.text];
    if (typeof value === 'string') return value;
  }
  throw new Error(`A route path the test cannot read: ${expression.getText()}`);
}

/** The routes the router matches for a path's segments, outermost first, by its rules for literal paths. */
function match(routes: ts.Node, path: readonly string[]): ts.ObjectLiteralExpression[] | undefined {
  if (!ts.isArrayLiteralExpression(routes)) throw new Error(`Routes the test cannot read: ${routes.getText()}`);
  for (const route of routes.elements) {
    if (!ts.isObjectLiteralExpression(route)) continue;
    const routePath = property(route, 'path');
    const own = routePath ? pathOf(routePath).split('/').filter(Boolean) : [];
    if (own.some((segment, index) => segment !== path[index])) continue;
    const rest = path.slice(own.length);
    const children = property(route, 'children');
    const inner = children && match(children, rest);
    if (inner) return [route, ...inner];
    if (rest.length === 0 && (routePath || property(route, 'index'))) return [route];
  }
  return undefined;
}

const resolve = createRequire(routerFile).resolve;

/**
 * What the router starts at once at a path, from its matched routes' `lazy` and `loader`: the modules it
 * imports, and whether it waits for the signed-in strings.
 */
function firstLoadAt(path: string): { modules: string[]; signedIn: boolean } {
  const routes = declarations.get('routes');
  const chain = routes && match(routes, path.split('/').filter(Boolean));
  if (!chain) throw new Error(`No route matches ${path}`);
  const reached = new Set<ts.Node>();
  for (const route of chain) {
    for (const name of ['lazy', 'loader']) {
      const started = property(route, name);
      if (started) reach(started, reached);
    }
  }
  const specifiers = new Set([...reached].map(importedBy).filter((specifier) => specifier !== undefined));
  const modules = [...specifiers].map((specifier) => {
    const file = resolve(specifier);
    const inApp = relative(app, file);
    return inApp.startsWith('..') ? relative(repository, file) : inApp;
  });
  const signedIn = [...reached].some((node) => ts.isIdentifier(node) && node.text === 'loadSignedInStrings');
  return { modules: modules.sort(), signedIn };
}

describe("home's first load", () => {
  it.each(homeFirstLoad.paths)('is what the build preloads, at %s', (path) => {
    expect(firstLoadAt(path)).toEqual({
      modules: [...homeFirstLoad.modules].sort(),
      signedIn: homeFirstLoad.signedIn,
    });
  });
});
