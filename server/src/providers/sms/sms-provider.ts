/** Sends a text message; real adapters plug in by configuration (docs/operations.md, "Providers"). */
export type SmsProvider = {
  readonly name: string
  send(phone: string, body: string): Promise<void>
}
