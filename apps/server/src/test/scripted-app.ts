import { type TestApp, createTestApp } from './app-factory.js';
import { type ScriptedOpenAI, startScriptedOpenAI } from './fakes/scripted-openai.js';

/** A test app whose OpenAI rows are answered by a scripted OpenAI fake, listening on a free port. */
export interface ScriptedApp {
  provider: ScriptedOpenAI;
  t: TestApp;
  base: string;
  close(): Promise<void>;
}

/** Starts the scripted OpenAI fake and an app pointed at it; `close` ends both. */
export async function startScriptedApp(): Promise<ScriptedApp> {
  const provider = await startScriptedOpenAI();
  const t = await createTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: provider.url });
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    provider,
    t,
    base,
    // The fake first: a script still held open would otherwise keep the app's close waiting on it.
    close: async () => {
      await provider.close();
      await t.close();
    },
  };
}
