/** Public face of saved assistants (issue 40): the Assistants page and the page a share link opens. */
export { AssistantsScreen } from './components/assistants-screen';
export type { ToolsPicker } from './components/assistant-form';
export { SharedAssistantScreen } from './components/shared-assistant-screen';
