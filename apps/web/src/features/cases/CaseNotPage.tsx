import { CasePageShell } from './components/CasePageShell.tsx';

/** `/caseNot` (kept alive): the cases this organization has not downloaded yet. */
export default function CaseNotPage() {
  return <CasePageShell scope="notDownloaded" />;
}
