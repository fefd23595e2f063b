import { getConfig } from '@lingui/conf';
import { fileURLToPath } from 'node:url';
import linguiSourceMessages from './lingui-source-messages.ts';

/**
 * The Babel plugins @vitejs/plugin-react runs on the app's code, in the build, the dev server and the unit tests
 * alike: Lingui's macro (keeping each message's English text, stripped by default in production), then the
 * compilation of that text (lingui-source-messages.ts).
 */
export function linguiBabelPlugins() {
  const linguiConfig = getConfig({ configPath: fileURLToPath(new URL('../lingui.config.ts', import.meta.url)), skipValidation: true });
  return [['@lingui/babel-plugin-lingui-macro', { linguiConfig, stripMessageField: false }], linguiSourceMessages];
}
