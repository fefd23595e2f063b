import { HelpArticleView, HelpIndex } from '@/features/help';

/** /prod/help: the help articles (also the corpus the demo provider searches, issue 38). */
export function HelpPage() {
  return <HelpIndex />;
}

/** /prod/help/{slug}: one help article. */
export function HelpArticlePage() {
  return <HelpArticleView />;
}
