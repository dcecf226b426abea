import { PantallaResponsables } from './responsables-form';

/** responsables-multiples?id=42: several responsables. */
export default function ResponsablesMultiplesPage() {
  return <PantallaResponsables multiple />;
}
