// `agentls/saveDocuments`: before a run's command, the server names the files the run changed; the extension saves
// exactly those of them open in VS Code and answers the ones now on disk. No vscode import here: a TextDocument fits
// `OpenDocument` as it is, so `node --test` drives this with plain objects.

/** An open document as the save needs it (vscode.TextDocument has this shape; `isDirty` is read after the save). */
export interface OpenDocument {
  readonly uri: { toString(): string };
  readonly isDirty: boolean;
  save(): PromiseLike<boolean>;
}

/**
 * A file URI as a comparable path: percent-decoded (the server's Java writes `file:///a+b@c`, VS Code
 * `file:///a%2Bb%40c`), the Windows drive letter in lower case (`C:` and VS Code's `c%3A`). Other schemes compare as
 * written.
 */
export function comparableUri(uri: string): string {
  if (!uri.startsWith('file:')) return uri;
  let path = uri.slice('file:'.length).replace(/^\/\/(localhost)?(?=\/)/i, '');
  try { path = decodeURIComponent(path); } catch { return uri; } // malformed escapes: only the same text matches
  return 'file:' + path.replace(/^\/([A-Za-z]):/, (_, drive: string) => `/${drive.toLowerCase()}:`);
}

/** The open document of `uri`, if any. */
export function openDocument<D extends OpenDocument>(uri: string, open: readonly D[]): D | undefined {
  const wanted = comparableUri(uri);
  return open.find((d) => comparableUri(d.uri.toString()) === wanted);
}

/**
 * The handler: saves each named document that is open and differs from disk, and answers `{saved}` with the URIs, as
 * the server wrote them (it matches them as text), of the named documents now on disk. A URI no document has, a save
 * that fails or is refused (the document stays dirty) is left out, so the server tells the model it was unsaved.
 * Malformed params save nothing.
 */
export async function saveDocuments(params: unknown, open: () => readonly OpenDocument[]): Promise<{ saved: string[] }> {
  const raw = typeof params === 'object' && params !== null ? (params as { uris?: unknown }).uris : undefined;
  const uris = Array.isArray(raw) ? [...new Set(raw.filter((u): u is string => typeof u === 'string'))] : [];
  const saved: string[] = [];
  for (const uri of uris) {
    const document = openDocument(uri, open());
    if (!document) continue;
    if (document.isDirty) {
      try { await document.save(); } catch { continue; }
    }
    if (!document.isDirty) saved.push(uri);
  }
  return { saved };
}
