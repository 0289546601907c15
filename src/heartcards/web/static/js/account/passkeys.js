// WebAuthn in the JSON form the server speaks (py_webauthn's options, PublicKeyCredential.toJSON()): the binary
// fields travel as base64url text and are turned into bytes here, both ways.

/** @param {string} text */
function bytes(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** @param {ArrayBuffer | null} buffer */
function base64url(buffer) {
  if (!buffer) return null;
  let binary = "";
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Whether this browser can use passkeys at all. */
export const passkeysAvailable = () => typeof window.PublicKeyCredential === "function";

/** @param {{id: string, type: string, transports?: string[]}[] | undefined} list */
const descriptors = (list) =>
  (list || []).map((item) => ({ ...item, id: bytes(item.id), type: /** @type {"public-key"} */ ("public-key") }));

/**
 * A credential as the server reads it: its ids and type, the response's fields (each `ArrayBuffer` in base64url),
 * and the extensions' results.
 * @param {PublicKeyCredential} credential
 * @param {Record<string, ArrayBuffer | null | string[]>} response
 */
function credentialJson(credential, response) {
  return {
    id: credential.id,
    rawId: base64url(credential.rawId),
    type: credential.type,
    response: Object.fromEntries(
      Object.entries(response).map(([name, value]) => [name, Array.isArray(value) ? value : base64url(value)]),
    ),
    clientExtensionResults: credential.getClientExtensionResults(),
  };
}

/**
 * Create a passkey from the server's creation options; the new credential as JSON.
 * @param {any} options
 */
export async function createPasskey(options) {
  const publicKey = {
    ...options,
    challenge: bytes(options.challenge),
    user: { ...options.user, id: bytes(options.user.id) },
    excludeCredentials: descriptors(options.excludeCredentials),
  };
  const credential = /** @type {PublicKeyCredential} */ (await navigator.credentials.create({ publicKey }));
  const response = /** @type {AuthenticatorAttestationResponse} */ (credential.response);
  return credentialJson(credential, {
    clientDataJSON: response.clientDataJSON,
    attestationObject: response.attestationObject,
    transports: response.getTransports ? response.getTransports() : [],
  });
}

/**
 * Sign with a passkey the server's request options; the assertion as JSON.
 * @param {any} options
 */
export async function usePasskey(options) {
  const publicKey = { ...options, challenge: bytes(options.challenge), allowCredentials: descriptors(options.allowCredentials) };
  const credential = /** @type {PublicKeyCredential} */ (await navigator.credentials.get({ publicKey }));
  const response = /** @type {AuthenticatorAssertionResponse} */ (credential.response);
  return credentialJson(credential, {
    clientDataJSON: response.clientDataJSON,
    authenticatorData: response.authenticatorData,
    signature: response.signature,
    userHandle: response.userHandle,
  });
}
