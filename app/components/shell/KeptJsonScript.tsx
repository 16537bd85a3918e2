import { keptJsonScriptId, keptJsonScriptText, type KeptJson } from '~/lib/kept-json';

/**
 * The document's script for a kept value its data names (decision 162): a JSON data block, not
 * run, so it needs no nonce. In the browser it renders the text the document arrived with, so
 * hydration finds what the server wrote; a value that came with data renders nothing.
 */
export function KeptJsonScript({ kept }: { kept: KeptJson<unknown> }) {
  const text = keptJsonScriptText(kept);
  if (text === null || !('script' in kept)) return null;
  return <script type="application/json" id={keptJsonScriptId(kept.script)} dangerouslySetInnerHTML={{ __html: text }} />;
}
