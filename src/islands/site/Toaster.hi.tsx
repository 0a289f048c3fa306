// Toaster on Hindi pages: the island with its Hindi texts, so that English pages' bundles carry none.
import Toaster from './Toaster.tsx';
import { HI } from './catalogs.ts';

export default function ToasterHindi() {
  return <Toaster locale="hi" catalogs={HI} />;
}
