/** Sends an email; real adapters plug in by configuration, like the SMS provider. */
export type EmailProvider = {
  readonly name: string
  send(to: string, subject: string, body: string): Promise<void>
}
