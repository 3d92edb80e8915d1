export { decryptPayload, decryptPayloadAsync, decryptTextNatively, encryptPayload, PayloadDecryptError } from './payload'
