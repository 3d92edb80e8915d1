/** The body of every refusal: the HTTP status, a sentence for people and a stable code for programs. */
export type ErrorBody = { status: number; message: string; code: string }
