// GoogleVerify on Hindi pages: the island with its Hindi texts, so that English pages' bundles carry none.
import GoogleVerify from './GoogleVerify.tsx';
import { HI } from './catalogs.ts';

export default function GoogleVerifyHindi() {
  return <GoogleVerify locale="hi" catalogs={HI} />;
}
