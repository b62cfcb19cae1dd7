/**
 * The total of a paged read, when its page tells it: a page with rows that is not full is the
 * last one, so the total is its offset plus its rows (and an empty first page means none). A full
 * page, or an empty one past the start (the list shrank since the link was made), cannot tell:
 * `undefined`, and the caller counts. Most people's lists fit in one page, so most reads of a
 * list skip the count (a second statement with every row's access check).
 */
export function pageTotal(offset: number, pageSize: number, rows: number): number | undefined {
  if (rows >= pageSize) return undefined;
  if (rows === 0 && offset > 0) return undefined;
  return offset + rows;
}
