/** Sends text messages; one implementation speaks the Twilio Messages API. */
export interface SmsSender {
  /** Sends `body` to `to` (international format); resolves with the provider's message id. */
  send(to: string, body: string, signal: AbortSignal): Promise<{ id: string }>;
}
