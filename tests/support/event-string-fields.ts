/**
 * Every event type declared in src/<context>/domain/ with the paths of its string
 * fields, read from the TypeScript types themselves (the compiler's checker), so the
 * personal-data guard (tests/personal-fields.unit.test.ts) sees an event the day it
 * is added, without anyone listing it by hand.
 *
 * An event is a member of an exported union whose members have a string-literal
 * `type` and a `data` property (commands have no `data`). Paths: `a.b`, `list[]`
 * for array items, `map.*` for record values.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export function eventStringFields(root: string): Map<string, Set<string>> {
  const files = fs
    .readdirSync(path.join(root, 'src'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && !['platform', 'kernel'].includes(d.name))
    .flatMap((d) => listTs(path.join(root, 'src', d.name, 'domain')));
  const program = ts.createProgram(files, {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    module: ts.ModuleKind.ESNext,
    allowImportingTsExtensions: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const found = new Map<string, Set<string>>();
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) continue;
    ts.forEachChild(source, (node) => {
      if (!ts.isTypeAliasDeclaration(node)) return;
      const type = checker.getTypeAtLocation(node.name);
      for (const member of type.isUnion() ? type.types : [type]) {
        const typeProp = member.getProperty('type');
        const dataProp = member.getProperty('data');
        if (!typeProp || !dataProp) continue;
        const literal = checker.getTypeOfSymbolAtLocation(typeProp, node);
        if (!literal.isStringLiteral()) continue;
        const paths = found.get(literal.value) ?? new Set<string>();
        collect(checker, checker.getTypeOfSymbolAtLocation(dataProp, node), '', paths, node, 0);
        found.set(literal.value, paths);
      }
    });
  }
  return found;
}

function listTs(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return listTs(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

const join = (prefix: string, name: string) => (prefix ? `${prefix}.${name}` : name);

function collect(checker: ts.TypeChecker, type: ts.Type, prefix: string, out: Set<string>, at: ts.Node, depth: number): void {
  if (depth > 12) return;
  if (type.isUnion()) {
    // A union of string literals is an enum: not free text.
    const parts = type.types.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
    if (parts.length > 0 && parts.every((t) => t.isStringLiteral() || t.flags & ts.TypeFlags.BooleanLiteral)) return;
    for (const t of parts) collect(checker, t, prefix, out, at, depth + 1);
    return;
  }
  if (type.flags & ts.TypeFlags.String) {
    out.add(prefix);
    return;
  }
  if (type.flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike | ts.TypeFlags.Null | ts.TypeFlags.Undefined)) return;
  if (checker.isArrayType(type) || checker.isTupleType(type)) {
    for (const t of checker.getTypeArguments(type as ts.TypeReference)) collect(checker, t, `${prefix}[]`, out, at, depth + 1);
    return;
  }
  if (type.isIntersection()) {
    for (const t of type.types) collect(checker, t, prefix, out, at, depth + 1);
    return;
  }
  if (type.flags & ts.TypeFlags.Object) {
    const index = checker.getIndexInfosOfType(type);
    for (const info of index) collect(checker, info.type, join(prefix, '*'), out, at, depth + 1);
    for (const prop of checker.getPropertiesOfType(type)) collect(checker, checker.getTypeOfSymbolAtLocation(prop, at), join(prefix, prop.name), out, at, depth + 1);
  }
}
