// PLACEHOLDER: replaced by the islands issue.
export default function ContactForm() {
  return null;
}
