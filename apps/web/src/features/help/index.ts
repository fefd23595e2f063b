export { HelpArticleView, HelpIndex } from './help-screen';
