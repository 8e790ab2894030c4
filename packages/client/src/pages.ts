/** A page of a list: its items and the token of the next page ('' or absent on the last). */
export interface Page {
  nextPageToken?: string | undefined;
}

/**
 * Every item of a list, page after page, following `nextPageToken` until it is empty. Pages are
 * fetched as the caller iterates: breaking out of the loop stops the requests.
 * @example for await (const addon of paginate((pageToken) => list({ pageToken }), (p) => p.addonSubscriptions)) ...
 */
export async function* paginate<P extends Page, T>(
  fetchPage: (pageToken: string | undefined) => Promise<P>,
  itemsOf: (page: P) => readonly T[],
): AsyncGenerator<T, void, undefined> {
  // NOTE: a server that hands back a token it gave before would loop forever; the tokens seen
  // are kept (one per page the caller chose to read) to stop that with an error instead.
  const seen = new Set<string>();
  let pageToken: string | undefined;
  for (;;) {
    const page = await fetchPage(pageToken);
    yield* itemsOf(page);
    const next = page.nextPageToken ?? '';
    if (next === '') return;
    if (seen.has(next)) throw new Error(`the server returned the page token ${JSON.stringify(next.slice(0, 40))} twice; stopping`);
    seen.add(next);
    pageToken = next;
  }
}
