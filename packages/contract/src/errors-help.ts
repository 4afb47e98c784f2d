/**
 * The catalogue's tables for the knowledge base (issue 13: the help widget and the help articles of /manager). Codes
 * are Archway's: the spec shows no error for `/api/helper/ask`.
 */
import { def } from './error-def.ts';

/** The help widget's question (`GET /api/helper/ask`) and the console's help articles (`/api2/admin/help/articles`). */
export const HelpErrors = {
  parameter: def(-1, 'help.parameter', 400, 'Parameter error'),
  question: def(-2, 'help.question', 400, 'Type a question of 1 to 300 characters'),
  notFound: def(-3, 'help.notFound', 400, 'Help article not found or does not exist'),
  language: def(-4, 'help.language', 400, 'Unknown language: use one of the 15 languages of Archway'),
  texts: def(-5, 'help.texts', 400, 'An article needs its text in at least one language'),
  languageTwice: def(-6, 'help.languageTwice', 400, 'Each language may be given once'),
  title: def(-7, 'help.title', 400, 'Enter a title of at most 200 characters'),
  content: def(-8, 'help.content', 400, 'Enter the content: at most 100,000 characters, not only markup'),
} as const;
