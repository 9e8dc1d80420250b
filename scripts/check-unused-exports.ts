/**
 * Lists the exports that nothing uses (`npm run lint` runs it; it exits 1 when it finds any): dead
 * code that still costs a reader, and that hides when its last caller goes. Tests count as users (a
 * helper exported for its test is used), and so does the module itself (`export interface Props`
 * beside the component that takes them is fine).
 *
 * It reads both TypeScript projects (tsconfig.app.json, tsconfig.node.json) with the compiler API
 * and follows every import, re-export, `import('...')` and `typeof import('...')` to the module it
 * names. Not checked: the exports of entry points, which tools load by path (ENTRY_POINTS below).
 */
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
const PROJECTS = ['tsconfig.app.json', 'tsconfig.node.json'];

/** Modules that tools load by path, whose exports are therefore used. */
const ENTRY_POINTS: RegExp[] = [
  /^src\/routes\//, // TanStack Router's file routes (`Route`)
  /^src\/main\.tsx$/,
  /^sync\/index\.ts$/, // the sync engine's public face (house-style.md): its API, used or not yet
  /^src\/entry-server\.tsx$/, // the server render, loaded from the build by scripts/
  /^src\/features\/pwa\/service-worker\.ts$/, // built by vite-plugin-pwa
  /^supabase\/functions\//, // Deno entry points and their shared modules
  /^scripts\//, // command-line scripts run by tsx
  /^bench\//,
  /^tests\/(e2e|sync|integration)\/.*\.(spec|test)\.ts$/,
  /^tests\/sync\/harness\/main\.ts$/,
  /^tests\/support\/global-setup\.ts$/, // Vitest's global setup (vitest.config.ts)
  /\.test\.tsx?$/,
  /(^|\/)[^/]*\.config\.(ts|js)$/,
  /^eslint\.config\.js$/,
];

/**
 * Exports kept on purpose although nothing imports them yet, each with its reason. Keep this short:
 * an entry here is a promise to remove it or use it.
 */
const KEEP: Record<string, string> = {};

const relative = (fileName: string) => path.relative(ROOT, fileName).split(path.sep).join('/');
const isOurs = (fileName: string) => !fileName.includes('/node_modules/') && !fileName.endsWith('.d.ts');

function programOf(project: string): ts.Program {
  const configPath = path.join(ROOT, project);
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${project}`);
  return ts.createProgram({ rootNames: parsed.fileNames, options: { ...parsed.options, noEmit: true } });
}

/** An identifier that refers to something, rather than naming a declaration, member or export. */
function isReference(node: ts.Identifier): boolean {
  const parent = node.parent;
  if ((ts.isPropertyAccessExpression(parent) || ts.isQualifiedName(parent)) && node !== parent.getChildAt(0)) {
    return false;
  }
  if (ts.isExportSpecifier(parent) || ts.isImportSpecifier(parent) || ts.isImportClause(parent)) return false;
  if (ts.isPropertyAssignment(parent) && parent.name === node) return false;
  return !((ts.isDeclarationStatement(parent) || ts.isVariableDeclaration(parent)) && parent.name === node);
}

/** `file#name` of every export of our modules, with where it is declared. */
type ExportKey = string;

function collect(program: ts.Program, exported: Map<ExportKey, string>, used: Set<ExportKey>): void {
  const checker = program.getTypeChecker();
  const fileOfSymbol = (symbol: ts.Symbol) => symbol.declarations?.[0]?.getSourceFile().fileName;

  /** The module a specifier names, as seen from `node`'s file. */
  const moduleOf = (specifier: ts.Expression): ts.Symbol | undefined => checker.getSymbolAtLocation(specifier);

  const markAll = (moduleSymbol: ts.Symbol | undefined) => {
    const fileName = moduleSymbol && fileOfSymbol(moduleSymbol);
    if (!moduleSymbol || !fileName || !isOurs(fileName)) return;
    for (const symbol of checker.getExportsOfModule(moduleSymbol)) markExport(moduleSymbol, symbol.name);
  };

  /** Marks `name` of a module used, and what it re-exports from elsewhere. */
  const markExport = (moduleSymbol: ts.Symbol, name: string) => {
    const fileName = fileOfSymbol(moduleSymbol);
    if (!fileName || !isOurs(fileName)) return;
    const key = `${relative(fileName)}#${name}`;
    if (used.has(key)) return;
    used.add(key);
    const symbol = checker.getExportsOfModule(moduleSymbol).find((candidate) => candidate.name === name);
    if (!symbol) return;
    // `export { x } from './y'` or `import { x } ...; export { x }`: the original is used too.
    let target = symbol;
    while (target.flags & ts.SymbolFlags.Alias) {
      const next = checker.getImmediateAliasedSymbol(target);
      if (!next || next === target) break;
      const declaration = next.declarations?.[0];
      const declaringFile = declaration?.getSourceFile();
      if (declaringFile && isOurs(declaringFile.fileName)) {
        const declaringModule = checker.getSymbolAtLocation(declaringFile);
        if (declaringModule) markExport(declaringModule, next.name);
      }
      target = next;
    }
  };

  for (const sourceFile of program.getSourceFiles()) {
    if (!isOurs(sourceFile.fileName)) continue;
    const moduleSymbol = checker.getSymbolAtLocation(sourceFile);
    if (moduleSymbol) {
      for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
        exported.set(`${relative(sourceFile.fileName)}#${symbol.name}`, relative(sourceFile.fileName));
      }
    }

    const ownExports = new Map(
      moduleSymbol ? checker.getExportsOfModule(moduleSymbol).map((symbol) => [symbol, symbol.name] as const) : [],
    );
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && moduleSymbol && ownExports.size > 0 && isReference(node)) {
        // A use inside the module itself (`export const LIMIT = 5; ... LIMIT ...`).
        const symbol = checker.getSymbolAtLocation(node);
        const name = symbol && ownExports.get(checker.getExportSymbolOfSymbol(symbol));
        if (name) markExport(moduleSymbol, name);
      } else if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
        const target = node.moduleSpecifier ? moduleOf(node.moduleSpecifier) : undefined;
        if (target) {
          const clause = ts.isImportDeclaration(node) ? node.importClause : undefined;
          if (ts.isImportDeclaration(node)) {
            if (clause?.name) markExport(target, 'default');
            const bindings = clause?.namedBindings;
            if (bindings && ts.isNamespaceImport(bindings)) markAll(target);
            else if (bindings) {
              for (const element of bindings.elements) markExport(target, (element.propertyName ?? element.name).text);
            }
          } else {
            const exportClause = node.exportClause;
            if (!exportClause || ts.isNamespaceExport(exportClause)) markAll(target);
            else
              for (const element of exportClause.elements)
                markExport(target, (element.propertyName ?? element.name).text);
          }
        }
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [specifier] = node.arguments;
        if (specifier) markAll(moduleOf(specifier));
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
        markAll(moduleOf(node.argument.literal));
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
}

const exported = new Map<ExportKey, string>();
const used = new Set<ExportKey>();
for (const project of PROJECTS) collect(programOf(project), exported, used);

const unused = [...exported.keys()]
  .filter((key) => !used.has(key) && !(key in KEEP))
  .filter((key) => !ENTRY_POINTS.some((pattern) => pattern.test(exported.get(key)!)))
  .sort();

// An entry of KEEP that is used now, or gone, is a promise kept: it must leave the list.
const stale = Object.keys(KEEP).filter((key) => !exported.has(key) || used.has(key));

if (unused.length > 0 || stale.length > 0) {
  if (unused.length > 0)
    console.error(`Exports that nothing uses (${unused.length}); remove them or their \`export\`:`);
  for (const key of unused) console.error(`  ${key.replace('#', ': ')}`);
  if (stale.length > 0) console.error('Entries of KEEP in scripts/check-unused-exports.ts that are used or gone:');
  for (const key of stale) console.error(`  ${key.replace('#', ': ')}`);
  process.exit(1);
}
console.log(`check-unused-exports: every export is used (${exported.size} checked).`);
