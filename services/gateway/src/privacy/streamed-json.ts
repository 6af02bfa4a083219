/**
 * A JSON document written a piece at a time, as `JSON.stringify(document, null, 2)` would write it whole: objects
 * whose entries may be lists that arrive page by page. Nothing but the current page is held in memory.
 */

/** A list whose items arrive in pages (each page an array, in order). */
export class StreamedList {
  constructor(readonly pages: () => AsyncIterable<readonly unknown[]>) {}
}

/** An object some of whose values are streamed lists or objects; its keys are written in their order. */
export class StreamedObject {
  constructor(readonly entries: Readonly<Record<string, unknown>>) {}
}

/** `JSON.stringify(value, null, 2)`, its lines after the first indented by `indent` (strings hold no raw newline). */
function plain(value: unknown, indent: string): string {
  return (JSON.stringify(value, null, 2) ?? 'null').replaceAll('\n', `\n${indent}`);
}

/** The document's text, piece by piece, at the depth `indent`. */
export async function* streamedJson(value: unknown, indent = ''): AsyncGenerator<string> {
  const inner = `${indent}  `;
  if (value instanceof StreamedObject) {
    // As JSON.stringify: an undefined value leaves its key out.
    const entries = Object.entries(value.entries).filter(([, entry]) => entry !== undefined);
    if (entries.length === 0) {
      yield '{}';
      return;
    }
    for (const [index, [key, entry]] of entries.entries()) {
      yield `${index === 0 ? '{' : ','}\n${inner}${JSON.stringify(key)}: `;
      yield* streamedJson(entry, inner);
    }
    yield `\n${indent}}`;
    return;
  }
  if (value instanceof StreamedList) {
    let count = 0;
    for await (const page of value.pages()) {
      for (const item of page) yield `${count++ === 0 ? '[' : ','}\n${inner}${plain(item, inner)}`;
    }
    yield count === 0 ? '[]' : `\n${indent}]`;
    return;
  }
  yield plain(value, indent);
}
