// SignupForm on Hindi pages: the island with its Hindi texts, so that English pages' bundles carry none.
import SignupForm from './SignupForm.tsx';
import { HI } from './catalogs.ts';

export default function SignupFormHindi() {
  return <SignupForm locale="hi" catalogs={HI} />;
}
