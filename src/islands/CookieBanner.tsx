// PLACEHOLDER: replaced by the islands issue.
export default function CookieBanner() {
  return null;
}
