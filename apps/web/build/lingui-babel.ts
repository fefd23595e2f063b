import { getConfig } from '@lingui/conf';
import { fileURLToPath } from 'node:url';
import linguiSourceMessages from './lingui-source-messages.ts';

/**
 * The Babel plugins @vitejs/plugin-react runs on the app's code, in the build, the dev server and the unit tests
 * alike: Lingui's macro (keeping each message's English text, stripped by default in production), then the
 * compilation of that text (lingui-source-messages.ts).
 */
/** The Lingui configuration file (lingui.config.ts), for the macro here and the catalogue plugin in the Vite configs. */
export const LINGUI_CONFIG = fileURLToPath(new URL('../lingui.config.ts', import.meta.url));

export function linguiBabelPlugins() {
  const linguiConfig = getConfig({ configPath: LINGUI_CONFIG, skipValidation: true });
  return [['@lingui/babel-plugin-lingui-macro', { linguiConfig, stripMessageField: false }], linguiSourceMessages];
}
