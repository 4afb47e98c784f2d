import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { readLocale } from './locales/read-locale.ts';

/**
 * Every user-visible string goes through t(): this fails on JSX text such as `>Sign in<`, on
 * literal strings in user-facing props such as `title="Home"`, and on literal toasts such as
 * `message.error('Failed')`. It also checks that every literal key passed to t() exists in en.
 */
const here = path.dirname(fileURLToPath(import.meta.url));

/** Props whose value people read. */
const TEXT_PROPS = new Set([
  'title',
  'subTitle',
  'placeholder',
  'label',
  'alt',
  'aria-label',
  'tooltip',
  'okText',
  'cancelText',
  'content',
  'description',
  'message',
  'help',
  'extra',
  'tip',
  'addonBefore',
  'addonAfter',
  'emptyText',
  'children',
]);
const TOAST_CALLS = new Set(['success', 'error', 'info', 'warning', 'loading', 'open', 'confirm', 'toast']);
const hasWords = (text: string) => /\p{L}/u.test(text);

function sourceFiles(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full, pattern);
    return pattern.test(entry.name) && !entry.name.includes('.test.') ? [full] : [];
  });
}

interface Finding {
  line: number;
  text: string;
}

/** Literal user-visible strings in one TSX source. */
function findLiterals(fileName: string, code: string): Finding[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: Finding[] = [];
  const report = (node: ts.Node, text: string) =>
    findings.push({
      line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      text: text.trim(),
    });
  const literalText = (node: ts.Node | undefined): string | undefined => {
    if (!node) return undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isJsxExpression(node)) return literalText(node.expression);
    return undefined;
  };

  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) report(node, node.text);
    if (ts.isJsxExpression(node) && ts.isJsxElement(node.parent)) {
      const text = literalText(node.expression);
      if (text && hasWords(text)) report(node, text);
    }
    if (ts.isJsxAttribute(node) && TEXT_PROPS.has(node.name.getText(source))) {
      const text = literalText(node.initializer);
      if (text && hasWords(text)) report(node, `${node.name.getText(source)}="${text}"`);
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : ts.isIdentifier(callee)
          ? callee.text
          : '';
      const first = literalText(node.arguments[0]);
      if (
        TOAST_CALLS.has(name) &&
        ts.isPropertyAccessExpression(callee) &&
        /message|notification|modal|toast/i.test(callee.expression.getText(source)) &&
        first &&
        hasWords(first)
      ) {
        report(node, first);
      }
      if (name === 'toast' && first && hasWords(first)) report(node, first);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

/** Literal keys given to t(), including both branches of `t(a ? 'x' : 'y')`. */
function findKeys(fileName: string, code: string): string[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const keys: string[] = [];
  const collect = (node: ts.Node | undefined) => {
    if (!node) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) keys.push(node.text);
    else if (ts.isConditionalExpression(node)) {
      collect(node.whenTrue);
      collect(node.whenFalse);
    } else if (ts.isParenthesizedExpression(node)) collect(node.expression);
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 't') {
      collect(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return keys;
}

const en = readLocale('en') as Record<string, unknown>;
const textAt = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
/** A text, or a plural text (`rows` given as `rows_one`, `rows_other`: every language has `_other`). */
const hasKey = (key: string) => typeof textAt(key) === 'string' || typeof textAt(`${key}_other`) === 'string';

describe('no user-visible literal strings', () => {
  it('catches the usual mistakes', () => {
    const sample = [
      'const a = <b>Sign in</b>;',
      'const b = <Menu title="Home" />;',
      "const c = <Input placeholder={'Name'} />;",
      "message.error('Failed');",
      "const d = <span>{'Hello'}</span>;",
      // allowed: keys, symbols, non-text props
      'const e = <Tag color="blue" data-testid="x">{t(\'home.type\')} · 2</Tag>;',
    ].join('\n');
    expect(findLiterals('sample.tsx', sample).map((f) => f.text)).toEqual([
      'Sign in',
      'title="Home"',
      'placeholder="Name"',
      'Failed',
      'Hello',
    ]);
  });

  it.each(sourceFiles(here, /\.tsx$/).map((file) => path.relative(here, file)))('%s', (file) => {
    const findings = findLiterals(file, readFileSync(path.join(here, file), 'utf8'));
    expect(findings).toEqual([]);
  });

  it('every literal key given to t() exists in en', () => {
    const missing = sourceFiles(here, /\.tsx?$/).flatMap((file) =>
      findKeys(file, readFileSync(file, 'utf8'))
        .filter((key) => !hasKey(key))
        .map((key) => `${path.relative(here, file)}: ${key}`),
    );
    expect(missing).toEqual([]);
  });
});
