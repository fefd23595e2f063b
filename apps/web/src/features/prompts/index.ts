/** Public face of the prompt library (issue 42): its page and the page a share link opens. The input bar's picker loads on demand from ./components/prompt-picker. */
export { PromptsScreen } from './components/prompts-screen';
export { SharedPromptScreen } from './components/shared-prompt-screen';
