// EmailVerify on Hindi pages: the island with its Hindi texts, so that English pages' bundles carry none.
import EmailVerify from './EmailVerify.tsx';
import { HI } from './catalogs.ts';

export default function EmailVerifyHindi() {
  return <EmailVerify locale="hi" catalogs={HI} />;
}
