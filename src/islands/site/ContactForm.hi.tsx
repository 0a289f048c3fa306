// ContactForm on Hindi pages: the island with its Hindi texts, so that English pages' bundles carry none.
import ContactForm from './ContactForm.tsx';
import { HI } from './catalogs.ts';

export default function ContactFormHindi() {
  return <ContactForm locale="hi" catalogs={HI} />;
}
