import type { PluginObj, types as BabelTypes } from '@babel/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { shortIds } from './lingui-short-ids.ts';

/**
 * A Babel plugin that runs after Lingui's macro and compiles each message descriptor's English `message` (ICU text,
 * e.g. "{count, plural, one {# credit} other {# credits}}") to Lingui's compiled form, the one `lingui compile` writes
 * to a catalogue. The source language then renders from the descriptors themselves: English visitors download no
 * catalogue and no ICU parser (about 6 KB compressed), and each message travels in the chunk of the screen that shows
 * it. Other languages load their compiled catalogue, whose entries take precedence over `message`.
 * It also gives each descriptor its short id (lingui-short-ids.ts), the key of its entry in those catalogues.
 */
export default function linguiSourceMessages({ types: t }: { types: typeof BabelTypes }): PluginObj {
  const stringProperty = (node: BabelTypes.ObjectExpression, name: string) =>
    node.properties.find(
      (p): p is BabelTypes.ObjectProperty & { value: BabelTypes.StringLiteral } =>
        t.isObjectProperty(p) && !p.computed && t.isIdentifier(p.key, { name }) && t.isStringLiteral(p.value),
    );
  return {
    name: 'lingui-source-messages',
    visitor: {
      Program: {
        exit(program) {
          const ids = shortIds();
          program.traverse({
            ObjectExpression(path) {
              // A descriptor as the macro writes it: { id: "...", message: "...", ... }.
              const id = stringProperty(path.node, 'id');
              if (!id) return;
              const message = stringProperty(path.node, 'message');
              if (!message) return;
              id.value = t.stringLiteral(ids.get(id.value.value) ?? id.value.value);
              message.value = t.valueToNode(compileMessage(message.value.value)) as never;
            },
          });
        },
      },
    },
  };
}
