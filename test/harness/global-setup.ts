// Placeholder: replaced by the real-infrastructure harness (embedded Postgres, Temporal dev server).
export default async function globalSetup(): Promise<void> {}
