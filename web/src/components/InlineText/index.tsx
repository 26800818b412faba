/* A one-line lesson text with its inline Markdown (`code`, **strong**, *em*) rendered (model/inline.ts). */
import { inlinePieces } from '../../model/inline';

export function InlineText({ text }: { text: string }) {
  return (
    <>
      {inlinePieces(text).map((p, i) =>
        p.kind === 'code' ? (
          <code key={i}>{p.text}</code>
        ) : p.kind === 'strong' ? (
          <strong key={i}>{p.text}</strong>
        ) : p.kind === 'em' ? (
          <em key={i}>{p.text}</em>
        ) : (
          p.text
        ),
      )}
    </>
  );
}
