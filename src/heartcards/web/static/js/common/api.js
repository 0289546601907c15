// The JSON API client both games use. Errors come back as {"error": {"key", "message", "params"}} with a 4xx status;
// they become ApiError with the server's translated message.

export class ApiError extends Error {
  /**
   * @param {number} status the HTTP status, 0 when the server could not be reached
   * @param {string} key the message key
   * @param {string} message the server's translated message
   * @param {Record<string, unknown>} [params]
   */
  constructor(status, key, message, params) {
    super(message);
    this.status = status;
    this.key = key;
    this.params = params || {};
  }
}

/**
 * A failure worth trying again later: the server could not be reached, was busy, or asked to slow down.
 * @param {unknown} error
 */
export function isRetryable(error) {
  return error instanceof ApiError && (error.status === 0 || error.status === 429 || error.status >= 500);
}

/**
 * The server could not be reached (or is down or busy): the device carries on alone, and what needs the server (hints,
 * par, statistics) says so.
 * @param {unknown} error
 */
export function isOffline(error) {
  return isRetryable(error);
}

/**
 * Send a request; the answer's JSON, or an ApiError.
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body] sent as JSON
 * @param {Record<string, string>} [headers]
 * @returns {Promise<any>}
 */
export async function request(method, path, body, headers = {}) {
  /** @type {Record<string, string>} */
  const sent = { Accept: "application/json", ...headers };
  /** @type {RequestInit} */
  const init = { method, headers: sent, credentials: "same-origin" };
  if (body !== undefined) {
    sent["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    throw new ApiError(0, "network", error instanceof Error ? error.message : String(error), {});
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data && data.error) || {};
    throw new ApiError(response.status, error.key || "http", error.message || `HTTP ${response.status}`, error.params);
  }
  return data;
}
