// PLACEHOLDER: replaced by the islands issue.
export default function Toaster() {
  return null;
}
