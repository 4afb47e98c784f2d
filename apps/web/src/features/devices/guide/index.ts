/** The first-use guide, as the app layout mounts it (the rest of the guide is internal to devices). */
export { FirstUseGuide } from './FirstUseGuide.tsx';
export { guideAllowedOn } from './guide-rules.ts';
export { useFirstUseGuide } from './use-first-use-guide.ts';
