// ForgotPassword on Hindi pages: the island with its Hindi texts, so that English pages' bundles carry none.
import ForgotPassword from './ForgotPassword.tsx';
import { HI } from './catalogs.ts';

export default function ForgotPasswordHindi() {
  return <ForgotPassword locale="hi" catalogs={HI} />;
}
