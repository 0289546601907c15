// The JSON API client. Errors come back as {"error": {"key", "message", "params"}} with a 4xx status; they become
// ApiError with the server's translated message.

export class ApiError extends Error {
  constructor(status, key, message, params) {
    super(message);
    this.status = status;
    this.key = key;
    this.params = params || {};
  }
}

export async function request(method, path, body, headers = {}) {
  const init = { method, headers: { Accept: "application/json", ...headers }, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    throw new ApiError(0, "network", String(error.message || error), {});
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data && data.error) || {};
    throw new ApiError(response.status, error.key || "http", error.message || `HTTP ${response.status}`, error.params);
  }
  return data;
}

const game = (id) => `/api/h2h/games/${encodeURIComponent(id)}`;

export const api = {
  newGame: (spec) => request("POST", "/api/h2h/games", spec),
  currentGame: () => request("GET", "/api/h2h/games/current"),
  getGame: (id) => request("GET", game(id)),
  tap: (id, target) => request("POST", `${game(id)}/tap`, { target }),
  undo: (id) => request("POST", `${game(id)}/undo`),
  restart: (id) => request("POST", `${game(id)}/restart`),
  hint: (id) => request("POST", `${game(id)}/hint`),
  abandon: (id) => request("POST", `${game(id)}/abandon`),
  stats: () => request("GET", "/api/h2h/stats"),
  replay: (id) => request("GET", `${game(id)}/replay`),
  solution: (code) => request("GET", `/api/h2h/solution/${encodeURIComponent(code)}`),
  deal: (code) => request("GET", `/api/h2h/deals/${encodeURIComponent(code)}`),
};
