export { decryptPayload, decryptPayloadAsync, decryptTextNatively, encryptPayload, encryptPayloadAsync, encryptTextNatively, PayloadDecryptError } from './payload'
