/** Sends a text message; real adapters plug in by configuration (DESIGN §1 providers). */
export type SmsProvider = {
  readonly name: string
  send(phone: string, body: string): Promise<void>
}
