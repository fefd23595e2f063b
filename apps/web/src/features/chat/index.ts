/** Public face of the chat feature. */
export { ChatScreen } from './components/chat-screen';
