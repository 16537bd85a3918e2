import { groupTokens, isPunct, isWord, nameOf, splitItems, tokenize, type Group, type Item } from './sql-tokens.server';

/**
 * What a SQL statement reads and writes, from its text (decision 145): the tables, and for a
 * table with a key column (its owner: `user_id`, or the row id of `users`, `events`, `teams`)
 * the key values when the statement pins them — `"activities"."user_id" = $1` in a WHERE made
 * only of ANDs, the key column's value in each row an INSERT lists, an equality carried through
 * an inner join (`"users"."id" = "sessions"."user_id"`). The rule that keeps it sound: wherever
 * the analysis is unsure (an OR, a right join, a table met twice, an INSERT … SELECT, a key
 * computed by the database), the rows are "the whole table"; a statement it does not know
 * (DDL, a DO block, a view's name) reads or writes everything. A delete cascades through the
 * schema's foreign keys as the database does.
 *
 * The analysis depends on the SQL text only and is remembered per text; the values come from
 * each call's parameters (`tagsOf`).
 */

export type ValueSource = { param: number } | { literal: string };

/** Rows of a table: those whose key column holds one of `keys`, or every row (`keys: null`). */
export interface RowSet {
  table: string;
  keys: ValueSource[] | null;
  /**
   * A write whose keys the text does not give (the database picks the id, the WHERE names
   * another column) but whose RETURNING hands back each written row's key column, under this
   * output name: the rows are known once the result is (statement-watch.server.ts).
   */
  returnedAs?: string;
}

export interface StatementShape {
  reads: RowSet[];
  writes: RowSet[];
  readsEverything: boolean;
  writesEverything: boolean;
}

export interface ForeignKey {
  child: string;
  childColumn: string;
  parent: string;
  parentColumn: string;
  /** What a delete of the parent row does to the child rows. */
  onDelete: 'cascade' | 'set null' | 'set default' | 'restrict' | 'no action';
}

export interface SchemaFacts {
  /** Every table of the schema, with its key column when it has one. */
  keyColumns: ReadonlyMap<string, string | null>;
  foreignKeys: readonly ForeignKey[];
}

type Operand = { column: string } | { value: ValueSource };
interface Fact {
  left: string; // qualifier.column
  right: Operand | { values: ValueSource[] };
}

interface Source {
  table: string;
  qualifier: string;
  facts: Fact[];
  /** A right or full join at its level: nothing there pins its rows. */
  unsure: boolean;
}

interface Walk {
  schema: SchemaFacts;
  sources: Source[];
  reads: RowSet[];
  writes: RowSet[];
  /** The writes that remove rows (DELETE, TRUNCATE): their children cascade. */
  deletes: RowSet[];
  readsEverything: boolean;
  writesEverything: boolean;
  cteNames: Set<string>;
}

const CLAUSE_END = new Set(['where', 'group', 'having', 'window', 'order', 'limit', 'offset', 'fetch', 'for', 'returning', 'on', 'using', 'set']);
const JOIN_WORDS = new Set(['join', 'inner', 'left', 'right', 'full', 'cross', 'natural']);
const SET_OPERATIONS = new Set(['union', 'intersect', 'except']);
/** Statements that touch no table's rows. */
const NEUTRAL = new Set([
  'begin',
  'start',
  'commit',
  'end',
  'rollback',
  'savepoint',
  'release',
  'set',
  'reset',
  'show',
  'listen',
  'unlisten',
  'notify',
  'lock',
  'vacuum',
  'analyze',
  'analyse',
  'deallocate',
  'discard',
  'checkpoint',
  'values',
]);

export function analyzeStatement(sql: string, schema: SchemaFacts): StatementShape {
  const walk: Walk = { schema, sources: [], reads: [], writes: [], deletes: [], readsEverything: false, writesEverything: false, cteNames: new Set() };
  const statements = splitItems(groupTokens(tokenize(sql)), (item) => isPunct(item, ';')).filter((statement) => statement.length > 0);
  for (const statement of statements) walkStatement(statement, [], walk);
  // A result names the rows of one statement only.
  if (statements.length > 1) for (const write of walk.writes) delete write.returnedAs;
  settleSources(walk);
  return {
    reads: walk.reads,
    writes: [...walk.writes, ...cascade(walk.deletes, schema)],
    readsEverything: walk.readsEverything,
    writesEverything: walk.writesEverything,
  };
}

function walkStatement(items: Item[], inherited: Fact[], walk: Walk): void {
  let rest = items;
  if (isWord(rest[0], 'with')) rest = walkWith(rest, walk);
  const first = rest[0];
  if (isWord(first, 'select') || (first?.kind === 'group' && startsQuery(first))) walkSelect(rest, inherited, walk);
  else if (isWord(first, 'insert')) walkInsert(rest, walk);
  else if (isWord(first, 'update')) walkUpdate(rest, walk);
  else if (isWord(first, 'delete')) walkDelete(rest, walk);
  else if (isWord(first, 'truncate')) walkTruncate(rest, walk);
  else if (isWord(first, 'explain'))
    walkStatement(
      rest.slice(1).filter((item) => !isWord(item, 'analyze', 'verbose')),
      inherited,
      walk,
    );
  else if (!(first && first.kind === 'word' && NEUTRAL.has(first.text))) walk.writesEverything = walk.readsEverything = true;
}

function startsQuery(group: Group): boolean {
  return isWord(group.items[0], 'select', 'with', 'values') || (group.items[0]?.kind === 'group' && startsQuery(group.items[0]));
}

/** `with a as (…), b as (…)`: each body is a statement of its own; returns what follows. */
function walkWith(items: Item[], walk: Walk): Item[] {
  let at = 1;
  if (isWord(items[at], 'recursive')) at += 1;
  for (;;) {
    const name = nameOf(items[at]);
    if (name) walk.cteNames.add(name);
    while (at < items.length && !(items[at].kind === 'group' && isWord(items[at - 1], 'as', 'materialized'))) at += 1;
    const body = items[at];
    if (body?.kind === 'group') walkStatement(body.items, [], walk);
    at += 1;
    if (!isPunct(items[at], ',')) return items.slice(at);
    at += 1;
  }
}

/** Every query nested in these items (sub-selects, EXISTS, scalar queries) as a child level. */
function walkNested(items: Item[], inherited: Fact[], walk: Walk): void {
  for (const item of items) {
    if (item.kind !== 'group') continue;
    if (startsQuery(item)) walkStatement(item.items, inherited, walk);
    else walkNested(item.items, inherited, walk);
  }
}

function walkSelect(items: Item[], inherited: Fact[], walk: Walk): void {
  if (items[0]?.kind === 'group') {
    // (select …) union (select …)
    for (const part of splitItems(items, (item) => item.kind === 'word' && SET_OPERATIONS.has(item.text))) walkNested(part, inherited, walk);
    return;
  }
  const branches = splitItems(items, (item) => item.kind === 'word' && SET_OPERATIONS.has(item.text));
  for (const branch of branches) walkSelectLevel(branch, inherited, walk);
}

/** The top-level index of a clause keyword, skipping `is distinct from`. */
function clauseAt(items: Item[], word: string, from = 0): number {
  for (let at = from; at < items.length; at += 1) {
    if (isWord(items[at], word) && !(word === 'from' && isWord(items[at - 1], 'distinct'))) return at;
  }
  return -1;
}

function clauseEnd(items: Item[], from: number): number {
  for (let at = from; at < items.length; at += 1) {
    const item = items[at];
    if (item.kind === 'word' && CLAUSE_END.has(item.text) && item.text !== 'on' && item.text !== 'using' && item.text !== 'set') return at;
  }
  return items.length;
}

function walkSelectLevel(items: Item[], inherited: Fact[], walk: Walk): void {
  const fromAt = clauseAt(items, 'from');
  const whereAt = clauseAt(items, 'where', fromAt === -1 ? 0 : fromAt);
  const fromEnd = fromAt === -1 ? fromAt : clauseEnd(items, fromAt + 1);
  const sources: Source[] = [];
  const levelFacts: Fact[] = [];
  const ownFacts = new Map<Source, Fact[]>();
  let unsure = false;
  const nested: Item[][] = [];
  const qualifiers: string[] = [];
  if (fromAt !== -1) {
    const parsed = parseFromList(items.slice(fromAt + 1, fromEnd), walk);
    sources.push(...parsed.sources);
    qualifiers.push(...parsed.qualifiers);
    unsure = parsed.unsure;
    for (const { source, facts, left } of parsed.joins) {
      if (left) ownFacts.set(source, facts);
      else levelFacts.push(...facts);
    }
    nested.push(...parsed.nested);
  }
  if (whereAt !== -1) {
    const condition = items.slice(whereAt + 1, clauseEnd(items, whereAt + 1));
    levelFacts.push(...conjunctFacts(condition));
  }
  const resolved = levelFacts.map((fact) => qualify(fact, qualifiers)).filter((fact): fact is Fact => fact !== null);
  const known = [...inherited, ...resolved];
  for (const source of sources) {
    const own = (ownFacts.get(source) ?? []).map((fact) => qualify(fact, qualifiers)).filter((fact): fact is Fact => fact !== null);
    source.facts = [...known, ...own];
    source.unsure = unsure;
    walk.sources.push(source);
  }
  // Queries nested anywhere in the level: the select list, the conditions, derived tables.
  walkNested(fromAt === -1 ? items : [...items.slice(0, fromAt), ...items.slice(fromEnd)], known, walk);
  for (const derived of nested) walkNested(derived, known, walk);
}

interface FromList {
  sources: Source[];
  /** Every name a column can be qualified with here: tables, derived tables, functions. */
  qualifiers: string[];
  joins: Array<{ source: Source; facts: Fact[]; left: boolean }>;
  nested: Item[][];
  unsure: boolean;
}

/** `a [alias] [, b] [inner|left|right|full|cross] join [lateral] c [alias] on … …` */
function parseFromList(items: Item[], walk: Walk): FromList {
  const list: FromList = { sources: [], qualifiers: [], joins: [], nested: [], unsure: false };
  let at = 0;
  while (at < items.length) {
    let joinKind = 'first';
    if (isPunct(items[at], ',')) {
      joinKind = 'cross';
      at += 1;
    } else if (items[at].kind === 'word' && JOIN_WORDS.has((items[at] as { text: string }).text) && at > 0) {
      const words: string[] = [];
      while (at < items.length && !isWord(items[at], 'join')) words.push(nameOf(items[at++]) ?? '');
      at += 1;
      joinKind =
        words.includes('right') || words.includes('full') ? 'outer' : words.includes('left') ? 'left' : words.includes('natural') ? 'natural' : 'inner';
    }
    if (joinKind === 'outer') list.unsure = true;
    if (isWord(items[at], 'lateral', 'only')) at += 1;
    const start = at;
    // The source: a name (schema-qualified or not), a function call, or a group.
    const sourceItem = items[at];
    let table: string | null = null;
    if (sourceItem?.kind === 'group') {
      list.nested.push([sourceItem]);
      at += 1;
    } else {
      let name = nameOf(sourceItem);
      at += 1;
      while (isPunct(items[at], '.') && nameOf(items[at + 1])) {
        name = nameOf(items[at + 1]);
        at += 2;
      }
      if (items[at]?.kind === 'group') {
        // A function in FROM (generate_series, jsonb_array_elements): no table, its arguments may query.
        list.nested.push([items[at]]);
        at += 1;
      } else if (name) {
        table = name;
      }
    }
    if (at === start) break;
    if (isWord(items[at], 'as')) at += 1;
    let qualifier = table ?? '';
    const alias = items[at];
    if (alias && (alias.kind === 'ident' || (alias.kind === 'word' && !JOIN_WORDS.has(alias.text) && !['on', 'using', 'tablesample'].includes(alias.text)))) {
      qualifier = alias.text;
      at += 1;
      if (items[at]?.kind === 'group') at += 1; // column aliases
    }
    list.qualifiers.push(qualifier);
    let facts: Fact[] = [];
    if (isWord(items[at], 'on')) {
      const end = nextJoin(items, at + 1);
      facts = conjunctFacts(items.slice(at + 1, end));
      list.nested.push(items.slice(at + 1, end));
      at = end;
    } else if (isWord(items[at], 'using')) {
      at += 2;
    }
    const source = addSource(table, qualifier, walk);
    if (source) {
      list.sources.push(source);
      if (joinKind === 'inner' || joinKind === 'left') list.joins.push({ source, facts, left: joinKind === 'left' });
    } else if (joinKind === 'inner') {
      // A join with a derived table still pins the other side's rows through its ON.
      list.joins.push({ source: { table: '', qualifier, facts: [], unsure: true }, facts, left: false });
    }
    while (at < items.length && !isPunct(items[at], ',') && !(items[at].kind === 'word' && JOIN_WORDS.has((items[at] as { text: string }).text))) {
      list.unsure = true; // something this parser does not follow (tablesample, …)
      at += 1;
    }
  }
  return list;
}

function nextJoin(items: Item[], from: number): number {
  for (let at = from; at < items.length; at += 1) {
    const item = items[at];
    if (isPunct(item, ',') || (item.kind === 'word' && JOIN_WORDS.has(item.text))) return at;
  }
  return items.length;
}

/** A table of the schema becomes a source; a CTE's name is none; any other name reads everything. */
function addSource(table: string | null, qualifier: string, walk: Walk): Source | null {
  if (!table) return null;
  if (walk.cteNames.has(table)) return null;
  if (!walk.schema.keyColumns.has(table)) {
    walk.readsEverything = true;
    return null;
  }
  return { table, qualifier, facts: [], unsure: false };
}

/** The equalities a condition holds for every row it lets through: its AND-ed parts only. */
function conjunctFacts(items: Item[]): Fact[] {
  if (items.some((item) => isWord(item, 'or'))) return [];
  const parts: Item[][] = [[]];
  let inBetween = false;
  for (const item of items) {
    if (isWord(item, 'between')) inBetween = true;
    if (isWord(item, 'and') && !inBetween) parts.push([]);
    else {
      if (isWord(item, 'and')) inBetween = false;
      parts[parts.length - 1].push(item);
    }
  }
  const facts: Fact[] = [];
  for (const part of parts) {
    if (part.length === 1 && part[0].kind === 'group' && !startsQuery(part[0])) facts.push(...conjunctFacts(part[0].items));
    else {
      const fact = equalityFact(part);
      if (fact) facts.push(fact);
    }
  }
  return facts;
}

/** `a.b`, `b`, `schema.a.b` → 'a.b' or '.b' (unqualified); anything else null. */
function columnRef(items: Item[]): string | null {
  const names = splitItems(items, (item) => isPunct(item, '.'));
  if (names.some((part) => part.length !== 1 || !(part[0].kind === 'ident' || part[0].kind === 'word'))) return null;
  const texts = names.map((part) => (part[0] as { text: string }).text);
  if (texts.length === 1) return RESERVED_VALUES.has(texts[0]) && items[0].kind === 'word' ? null : `.${texts[0]}`;
  return `${texts[texts.length - 2]}.${texts[texts.length - 1]}`;
}

const RESERVED_VALUES = new Set(['true', 'false', 'null', 'default', 'current_date', 'current_timestamp', 'now', 'current_user']);

/** `$1`, `'text'`, `42`, each with an optional `::type` cast. */
function valueOf(items: Item[]): ValueSource | null {
  const [first, ...cast] = items;
  if (!first || (first.kind !== 'param' && first.kind !== 'literal')) return null;
  if (
    cast.length > 0 &&
    !(isPunct(cast[0], '::') && cast.slice(1).every((item) => item.kind === 'word' || item.kind === 'ident' || isPunct(item, '[') || isPunct(item, ']')))
  )
    return null;
  return first.kind === 'param' ? { param: first.index } : { literal: first.text };
}

function equalityFact(part: Item[]): Fact | null {
  const equals = part.findIndex((item) => isPunct(item, '='));
  if (equals > 0) {
    const left = part.slice(0, equals);
    const right = part.slice(equals + 1);
    const leftColumn = columnRef(left);
    const rightColumn = columnRef(right);
    const leftValue = valueOf(left);
    const rightValue = valueOf(right);
    if (leftColumn && rightColumn) return { left: leftColumn, right: { column: rightColumn } };
    if (leftColumn && rightValue) return { left: leftColumn, right: { value: rightValue } };
    if (rightColumn && leftValue) return { left: rightColumn, right: { value: leftValue } };
    return null;
  }
  const inAt = part.findIndex((item) => isWord(item, 'in'));
  const list = part[inAt + 1];
  if (inAt > 0 && inAt === part.length - 2 && list?.kind === 'group' && !isWord(part[inAt - 1], 'not')) {
    const column = columnRef(part.slice(0, inAt));
    const values = splitItems(list.items, (item) => isPunct(item, ',')).map(valueOf);
    if (column && values.length > 0 && values.every((value): value is ValueSource => value !== null)) return { left: column, right: { values } };
  }
  return null;
}

/** Gives unqualified columns the level's only source; drops them when there are several. */
function qualify(fact: Fact, qualifiers: string[]): Fact | null {
  const resolve = (column: string) => (column.startsWith('.') ? (qualifiers.length === 1 ? `${qualifiers[0]}${column}` : null) : column);
  const left = resolve(fact.left);
  if (!left) return null;
  if ('column' in fact.right) {
    const right = resolve(fact.right.column);
    return right ? { left, right: { column: right } } : null;
  }
  return { left, right: fact.right };
}

/** Once every level is walked: each source's key values, or the whole table. */
function settleSources(walk: Walk): void {
  const count = new Map<string, number>();
  for (const source of walk.sources) count.set(source.qualifier, (count.get(source.qualifier) ?? 0) + 1);
  const ambiguous = (column: string) => (count.get(column.slice(0, column.indexOf('.'))) ?? 0) > 1;
  for (const source of walk.sources) {
    const keyColumn = walk.schema.keyColumns.get(source.table);
    const clear = !source.unsure && keyColumn && !ambiguous(`${source.qualifier}.`);
    walk.reads.push({
      table: source.table,
      keys: clear
        ? keysOf(
            `${source.qualifier}.${keyColumn}`,
            source.facts.filter((fact) => !ambiguous(fact.left) && !('column' in fact.right && ambiguous(fact.right.column))),
          )
        : null,
    });
  }
}

/** The values a column is pinned to by equalities (through other columns too), or null. */
function keysOf(column: string, facts: Fact[]): ValueSource[] | null {
  const parent = new Map<string, string>();
  const find = (name: string): string => {
    let root = name;
    while (parent.has(root)) root = parent.get(root)!;
    return root;
  };
  for (const fact of facts) {
    if ('column' in fact.right) {
      const a = find(fact.left);
      const b = find(fact.right.column);
      if (a !== b) parent.set(a, b);
    }
  }
  const root = find(column);
  let best: ValueSource[] | null = null;
  for (const fact of facts) {
    if ('column' in fact.right || find(fact.left) !== root) continue;
    const values = 'values' in fact.right ? fact.right.values : [fact.right.value];
    // Several bindings hold at once: the rows lie in each set, any one bounds them.
    if (!best || values.length < best.length) best = values;
  }
  return best;
}

/** `insert into t (cols) values (…), (…) [on conflict …] [returning …]` */
function walkInsert(items: Item[], walk: Walk): void {
  let at = isWord(items[1], 'into') ? 2 : 1;
  let table = nameOf(items[at]);
  at += 1;
  while (isPunct(items[at], '.')) {
    table = nameOf(items[at + 1]);
    at += 2;
  }
  if (!table) {
    walk.writesEverything = walk.readsEverything = true;
    return;
  }
  let alias = table;
  if (isWord(items[at], 'as')) {
    alias = nameOf(items[at + 1]) ?? table;
    at += 2;
  }
  let columns: string[] | null = null;
  const columnGroup = items[at];
  if (columnGroup?.kind === 'group' && !startsQuery(columnGroup)) {
    columns = splitItems(columnGroup.items, (item) => isPunct(item, ',')).map((part) => nameOf(part[0]) ?? '');
    at += 1;
  }
  const keyColumn = walk.schema.keyColumns.get(table) ?? null;
  const keyIndex = keyColumn && columns ? columns.indexOf(keyColumn) : -1;
  const conflictAt = items.findIndex((item, index) => index >= at && isWord(item, 'on') && isWord(items[index + 1], 'conflict'));
  const returningAt = clauseAt(items, 'returning', at);
  const bodyEnd = conflictAt !== -1 ? conflictAt : returningAt !== -1 ? returningAt : items.length;
  const body = items.slice(at, bodyEnd);
  let keys: ValueSource[] | null = null;
  if (isWord(body[0], 'values') && keyIndex !== -1) {
    keys = [];
    for (const row of body.slice(1)) {
      if (isPunct(row, ',')) continue;
      const value = row.kind === 'group' ? valueOf(splitItems(row.items, (item) => isPunct(item, ','))[keyIndex] ?? []) : null;
      if (!value) {
        keys = null;
        break;
      }
      keys.push(value);
    }
  }
  if (isWord(body[0], 'select', 'with') || body[0]?.kind === 'group') walkStatement(body, [], walk);
  else walkNested(body, [], walk);
  let movesKey = false;
  if (conflictAt !== -1) {
    const conflict = items.slice(conflictAt + 2, returningAt !== -1 ? returningAt : items.length);
    walkNested(conflict, [], walk);
    if (
      isWord(
        conflict.find((item) => isWord(item, 'nothing', 'update')),
        'update',
      )
    ) {
      // The row updated is the one that conflicted: it shares the key only when the key is
      // part of the conflict target, and the update must leave the key alone.
      const target = conflict[0]?.kind === 'group' ? conflict[0].items.map(nameOf) : [];
      movesKey = Boolean(keyColumn && assignsColumn(conflict, keyColumn));
      if (!keyColumn || !target.includes(keyColumn) || movesKey) keys = null;
    }
  }
  // RETURNING hands back every row inserted or updated: their keys, unless an update moved one.
  const returnedAs =
    keys === null && keyColumn && !movesKey && returningAt !== -1 ? returnedKeyName(items.slice(returningAt + 1), keyColumn, [table, alias]) : undefined;
  walk.writes.push(returnedAs ? { table, keys, returnedAs } : { table, keys });
}

/**
 * The output name under which a RETURNING list hands back the target's key column (`*`,
 * `t.*`, `"key"`, `t."key"`, with or without an alias), or undefined when it does not.
 */
function returnedKeyName(list: Item[], keyColumn: string, qualifiers: string[]): string | undefined {
  for (const item of splitItems(list, (entry) => isPunct(entry, ','))) {
    if (item.length === 1 && isPunct(item[0], '*')) return keyColumn;
    if (item.length === 3 && isPunct(item[1], '.') && isPunct(item[2], '*') && qualifiers.includes(nameOf(item[0]) ?? '')) return keyColumn;
    let end = item.length;
    let alias: string | null = null;
    if (end >= 3 && isWord(item[end - 2], 'as')) {
      alias = nameOf(item[end - 1]);
      end -= 2;
    } else if (end >= 2 && nameOf(item[end - 1]) !== null && nameOf(item[end - 2]) !== null) {
      alias = nameOf(item[end - 1]);
      end -= 1;
    }
    const column = columnRef(item.slice(0, end));
    if (!column) continue;
    const dot = column.indexOf('.');
    const qualifier = column.slice(0, dot);
    if (column.slice(dot + 1) === keyColumn && (qualifier === '' || qualifiers.includes(qualifier))) return alias ?? keyColumn;
  }
  return undefined;
}

/** Whether a SET list assigns the column (alone or in a `(a, b) = …` list). */
function assignsColumn(items: Item[], column: string): boolean {
  const setAt = clauseAt(items, 'set');
  if (setAt === -1) return false;
  const end = clauseEnd(items, setAt + 1);
  for (const assignment of splitItems(items.slice(setAt + 1, end), (item) => isPunct(item, ','))) {
    const target = assignment[0];
    if (target?.kind === 'group' ? target.items.some((item) => nameOf(item) === column) : nameOf(target) === column) return true;
  }
  return false;
}

/** The values a SET list gives the key column, when it gives plain values. */
function assignedKeys(items: Item[], column: string): ValueSource[] | null {
  const setAt = clauseAt(items, 'set');
  const end = clauseEnd(items, setAt + 1);
  for (const assignment of splitItems(items.slice(setAt + 1, end), (item) => isPunct(item, ','))) {
    if (assignment[0]?.kind !== 'group' && nameOf(assignment[0]) === column && isPunct(assignment[1], '=')) {
      const value = valueOf(assignment.slice(2));
      return value ? [value] : null;
    }
  }
  return null;
}

/** The target of UPDATE / DELETE: its table, its qualifier and where its clauses start. */
function targetOf(items: Item[], from: number): { table: string | null; qualifier: string; at: number } {
  let at = from;
  if (isWord(items[at], 'only')) at += 1;
  let table = nameOf(items[at]);
  at += 1;
  while (isPunct(items[at], '.')) {
    table = nameOf(items[at + 1]);
    at += 2;
  }
  if (isWord(items[at], 'as')) at += 1;
  let qualifier = table ?? '';
  const alias = items[at];
  if (alias && (alias.kind === 'ident' || (alias.kind === 'word' && !['set', 'where', 'using', 'returning'].includes(alias.text)))) {
    qualifier = alias.text;
    at += 1;
  }
  return { table, qualifier, at };
}

/**
 * The key values a WHERE pins for a write's target, or null. `qualifiers` are every name a
 * column can be qualified with (the target's first, then an UPDATE's FROM list or a DELETE's
 * USING list): an unqualified column with several candidates is dropped, so only the target's
 * own columns, or equalities carried through the other tables' columns, pin its key.
 */
function whereKeys(items: Item[], table: string, qualifiers: string[], walk: Walk): ValueSource[] | null {
  const whereAt = clauseAt(items, 'where');
  const keyColumn = walk.schema.keyColumns.get(table);
  // A target qualifier used twice (impossible in PostgreSQL, but cheap to refuse) pins nothing.
  if (whereAt === -1 || !keyColumn || qualifiers.indexOf(qualifiers[0], 1) !== -1) return null;
  const facts = conjunctFacts(items.slice(whereAt + 1, clauseEnd(items, whereAt + 1)))
    .map((fact) => qualify(fact, qualifiers))
    .filter((fact): fact is Fact => fact !== null);
  return keysOf(`${qualifiers[0]}.${keyColumn}`, facts);
}

/**
 * The names an UPDATE's FROM or a DELETE's USING list qualifies columns with; its tables are
 * read whole (its rows are not followed: only the WHERE's equalities pin the target's).
 */
function otherSources(items: Item[], walk: Walk): string[] {
  const list = parseFromList(items, walk);
  for (const source of list.sources) walk.reads.push({ table: source.table, keys: null });
  return list.qualifiers;
}

function walkUpdate(items: Item[], walk: Walk): void {
  const { table, qualifier, at } = targetOf(items, 1);
  const rest = items.slice(at);
  walkNested(rest, [], walk);
  if (!table) {
    walk.writesEverything = walk.readsEverything = true;
    return;
  }
  const keyColumn = walk.schema.keyColumns.get(table);
  const movesKey = Boolean(keyColumn && assignsColumn(rest, keyColumn));
  // Rows whose key the WHERE does not give are those the RETURNING hands back, unless their key moved.
  const returningAt = clauseAt(rest, 'returning');
  const returnedAs = keyColumn && !movesKey && returningAt !== -1 ? returnedKeyName(rest.slice(returningAt + 1), keyColumn, [table, qualifier]) : undefined;
  const written = (keys: ValueSource[] | null): RowSet => (keys === null && returnedAs ? { table, keys, returnedAs } : { table, keys });
  // UPDATE … FROM: every row updated meets the WHERE's conjuncts with some row of the FROM
  // list, so an equality on the target's key there pins it as it does alone.
  const fromAt = clauseAt(rest, 'from');
  const qualifiers = fromAt === -1 ? [qualifier] : [qualifier, ...otherSources(rest.slice(fromAt + 1, clauseEnd(rest, fromAt + 1)), walk)];
  let keys = whereKeys(rest, table, qualifiers, walk);
  if (keys && keyColumn && movesKey) {
    const moved = assignedKeys(rest, keyColumn);
    keys = moved ? [...keys, ...moved] : null;
  }
  walk.writes.push(written(keys));
}

function walkDelete(items: Item[], walk: Walk): void {
  const { table, qualifier, at } = targetOf(items, isWord(items[1], 'from') ? 2 : 1);
  const rest = items.slice(at);
  walkNested(rest, [], walk);
  if (!table) {
    walk.writesEverything = walk.readsEverything = true;
    return;
  }
  const usingAt = clauseAt(rest, 'using');
  const qualifiers = usingAt === -1 ? [qualifier] : [qualifier, ...otherSources(rest.slice(usingAt + 1, clauseEnd(rest, usingAt + 1)), walk)];
  const keys = whereKeys(rest, table, qualifiers, walk);
  // RETURNING hands back every row deleted: their keys, when the WHERE does not give them.
  const keyColumn = walk.schema.keyColumns.get(table);
  const returningAt = clauseAt(rest, 'returning');
  const returnedAs = keys === null && keyColumn && returningAt !== -1 ? returnedKeyName(rest.slice(returningAt + 1), keyColumn, [table, qualifier]) : undefined;
  const write: RowSet = returnedAs ? { table, keys, returnedAs } : { table, keys };
  walk.writes.push(write);
  walk.deletes.push(write);
}

function walkTruncate(items: Item[], walk: Walk): void {
  for (const part of splitItems(items.slice(1), (item) => isPunct(item, ','))) {
    const names = part
      .map(nameOf)
      .filter((name): name is string => name !== null && !['table', 'only', 'cascade', 'restrict', 'restart', 'continue', 'identity'].includes(name));
    const table = names[names.length - 1];
    if (table) {
      walk.writes.push({ table, keys: null });
      walk.deletes.push({ table, keys: null });
    }
  }
}

/**
 * Rows a delete removes take their children with them (ON DELETE CASCADE / SET NULL): a child
 * keyed by the same value as its parent's key keeps the keys, any other child is written whole.
 * Truncation counts as deleting every row.
 */
function cascade(deletes: RowSet[], schema: SchemaFacts): RowSet[] {
  const all: RowSet[] = [];
  const queue = [...deletes];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const parent = queue.shift()!;
    const parentKey = schema.keyColumns.get(parent.table);
    for (const fk of schema.foreignKeys) {
      if (fk.parent !== parent.table || fk.onDelete === 'restrict' || fk.onDelete === 'no action') continue;
      const keyed = parent.keys && fk.parentColumn === parentKey && schema.keyColumns.get(fk.child) === fk.childColumn;
      const child: RowSet = { table: fk.child, keys: keyed ? parent.keys : null };
      const id = `${child.table}:${child.keys ? JSON.stringify(child.keys) : '*'}`;
      if (seen.has(id)) continue;
      seen.add(id);
      all.push(child);
      // Only a cascading delete goes on to the grandchildren; SET NULL stops at the child.
      if (fk.onDelete === 'cascade') queue.push(child);
    }
  }
  return all;
}
