// How an address is stored and compared: an account is found whatever case or spaces it is typed with.
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
