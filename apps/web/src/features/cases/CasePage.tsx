import { CasePageShell } from './components/CasePageShell.tsx';

/** `/case` (kept alive): the case box (product §2). */
export default function CasePage() {
  return <CasePageShell scope="box" />;
}
