import { CasePageShell } from './components/CasePageShell.tsx';

/** `/recycle` (kept alive): the organization's case recycle bin. */
export default function RecyclePage() {
  return <CasePageShell scope="recycle" />;
}
