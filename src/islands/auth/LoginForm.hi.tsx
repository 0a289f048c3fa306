// LoginForm on Hindi pages: the island with its Hindi texts, so that English pages' bundles carry none.
import LoginForm from './LoginForm.tsx';
import { HI } from './catalogs.ts';

export default function LoginFormHindi() {
  return <LoginForm locale="hi" catalogs={HI} />;
}
