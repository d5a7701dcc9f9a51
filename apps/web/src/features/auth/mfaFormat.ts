/** Digits only: authenticator apps show the code as "123 456", and people paste it so. */
export function cleanCode(value: string | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

/** The secret in groups of four, as authenticator apps show it for manual entry. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Where a phone confirms a scan-code login: this console's /scan-login page with the ticket. */
export function scanUrl(origin: string, ticket: string): string {
  return `${origin}/scan-login?code=${encodeURIComponent(ticket)}`;
}
