export { decryptPayload, encryptPayload, PayloadDecryptError } from './payload'
