"""Plain-HTTP client of `prove-rl serve --http`: MCP Streamable HTTP sessions and the served reward.

Standard library only (urllib): the server answers MCP requests as JSON (no SSE stream needed),
so one POST is one call. Every object here is synchronous and owned by one trajectory; run them in
a thread (`asyncio.to_thread`) from async engines.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Iterable

PROTOCOL_VERSION = "2025-06-18"
ERROR_KIND_META = "prove/errorKind"


class ProveError(RuntimeError):
    """The server refused a request, or could not be reached; the message says which and why."""


def _request(method: str, url: str, body: Any = None, headers: dict[str, str] | None = None, timeout: float = 60.0):
    data = None if body is None else json.dumps(body).encode("utf-8")
    all_headers = {"accept": "application/json, text/event-stream", **(headers or {})}
    if data is not None:
        all_headers["content-type"] = "application/json"
    request = urllib.request.Request(url, data=data, method=method, headers=all_headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            text = response.read().decode("utf-8")
            return response.status, dict(response.headers), (json.loads(text) if text.strip() else None)
    except urllib.error.HTTPError as error:
        text = error.read().decode("utf-8", "replace")
        try:
            payload = json.loads(text)
            message = payload.get("error", {}).get("message") if isinstance(payload.get("error"), dict) else payload.get("error")
        except (ValueError, AttributeError):
            message = text[:500]
        raise ProveError(f"{method} {url}: HTTP {error.code}: {message}") from None
    except urllib.error.URLError as error:
        raise ProveError(f"{method} {url}: cannot reach prove-rl serve --http ({error.reason}); start it first") from None


class ProveServer:
    """A running `prove-rl serve --http`: its base URL (http://127.0.0.1:3717), tokens and routes."""

    def __init__(self, url: str | None = None, token: str | None = None, operator_token: str | None = None, timeout: float = 120.0):
        self.url = (url or os.environ.get("PROVE_SERVE_URL") or "http://127.0.0.1:3717").rstrip("/")
        self.token = token if token is not None else os.environ.get("PROVE_SERVE_TOKEN") or None
        self.operator_token = operator_token if operator_token is not None else os.environ.get("PROVE_OPERATOR_TOKEN") or None
        self.timeout = timeout

    def headers(self, operator: bool = False) -> dict[str, str]:
        token = self.operator_token if operator and self.operator_token else self.token
        return {"authorization": f"Bearer {token}"} if token else {}

    def info(self) -> dict:
        """`GET /`: the served domains and routes."""
        return _request("GET", self.url + "/", headers=self.headers(), timeout=self.timeout)[2]

    def reward(self, trajectories: list[dict], execute: bool = False) -> list[dict]:
        """Score a batch with the configured reward (`POST /reward`): one `{total, terms, weights}` or `{error}` per item.

        Each item is `{"example": <dataset line>, and one of "calls" | "messages" | "completion"}`.
        """
        if not trajectories:
            return []
        body: dict[str, Any] = {"trajectories": trajectories}
        if execute:
            body["execute"] = True
        return _request("POST", self.url + "/reward", body, self.headers(), self.timeout)[2]["sheets"]

    def open_session(self, domain: str, world: dict | None = None) -> "McpSession":
        return McpSession(self, domain, world)


class McpSession:
    """One MCP session on `/mcp/<domain>`, on the given world (seed, referenceDate); closed by `close()`."""

    def __init__(self, server: ProveServer, domain: str, world: dict | None = None):
        self.server = server
        self.domain = domain
        self.endpoint = f"{server.url}/mcp/{urllib.parse.quote(domain)}"
        query = {k: str(world[k]) for k in ("seed", "referenceDate") if world and world.get(k) is not None}
        self._next_id = 0
        self.session_id: str | None = None
        status, headers, answer = _request(
            "POST",
            self.endpoint + ("?" + urllib.parse.urlencode(query) if query else ""),
            self._message("initialize", {"protocolVersion": PROTOCOL_VERSION, "capabilities": {}, "clientInfo": {"name": "prove-rl-python", "version": "0.1.0"}}),
            server.headers(),
            server.timeout,
        )
        self.session_id = next((v for k, v in headers.items() if k.lower() == "mcp-session-id"), None)
        if self.session_id is None:
            raise ProveError(f"{self.endpoint}: initialize answered without an Mcp-Session-Id")
        self.protocol_version = answer.get("result", {}).get("protocolVersion", PROTOCOL_VERSION)
        self._post({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def _message(self, method: str, params: dict) -> dict:
        self._next_id += 1
        return {"jsonrpc": "2.0", "id": self._next_id, "method": method, "params": params}

    def _post(self, message: dict) -> Any:
        if self.session_id is None:
            raise ProveError(f"the session on {self.endpoint} is closed")
        headers = {**self.server.headers(), "mcp-session-id": self.session_id, "mcp-protocol-version": self.protocol_version}
        answer = _request("POST", self.endpoint, message, headers, self.server.timeout)[2]
        if isinstance(answer, dict) and "error" in answer:
            raise ProveError(f"{message.get('method')} on {self.endpoint}: {answer['error'].get('message')}")
        return None if answer is None else answer.get("result")

    def list_tools(self) -> list[dict]:
        return self._post(self._message("tools/list", {}))["tools"]

    def call(self, name: str, arguments: dict) -> dict:
        """Run one tool call; returns `{ok, result}` or `{ok: False, error: {kind, message}}` (an ExecutedCall's outcome)."""
        result = self._post(self._message("tools/call", {"name": name, "arguments": arguments}))
        text = "".join(part.get("text", "") for part in result.get("content", []) if part.get("type") == "text")
        if result.get("isError"):
            return {"ok": False, "error": {"kind": (result.get("_meta") or {}).get(ERROR_KIND_META, "execution"), "message": text}}
        structured = result.get("structuredContent")
        return {"ok": True, "result": structured if structured is not None else text, "text": text}

    def state_hash(self) -> str:
        outcome = self.call("prove_state_hash", {})
        if not outcome["ok"]:
            raise ProveError(f"prove_state_hash on {self.endpoint}: {outcome['error']['message']}")
        return outcome["result"]["hash"]

    def close(self) -> None:
        """End the session on the server (DELETE); its state is released. Idempotent."""
        if self.session_id is None:
            return
        headers = {**self.server.headers(), "mcp-session-id": self.session_id, "mcp-protocol-version": self.protocol_version}
        self.session_id = None
        try:
            _request("DELETE", self.endpoint, None, headers, self.server.timeout)
        except ProveError:
            pass  # already evicted or closed: nothing left to release


class Trajectory:
    """One rollout of one example: one MCP session per server of the example, opened on first use.

    Calls are routed to the server whose `tools/list` offers them (first server wins, as in prove);
    each outcome is recorded as an ExecutedCall (name, arguments, server, ok, error, result, turn,
    step), so the served reward scores exactly what ran. `close()` ends every session.
    """

    def __init__(self, server: ProveServer, example: dict):
        self.server = server
        self.example = example
        self.sessions: dict[str, McpSession] = {}
        self._server_of: dict[str, str] | None = None
        self.calls: list[dict] = []
        self.turn = 0
        self.step = 0
        self.closed = False
        self.candidates = {tool["function"]["name"] for tool in example.get("tools", [])}
        # Calls of one trajectory run one at a time, in order (parallel calls of one message too).
        self._lock = threading.Lock()

    def _session(self, domain: str) -> McpSession:
        if self.closed:
            raise ProveError(f"trajectory of {self.example.get('id')} is closed")
        if domain not in self.sessions:
            self.sessions[domain] = self.server.open_session(domain, self.example.get("world"))
        return self.sessions[domain]

    def open(self) -> "Trajectory":
        """Open a session on every server of the example now (else each opens at its first call)."""
        with self._lock:
            for domain in self.example["servers"]:
                self._session(domain)
        return self

    def server_of(self, name: str) -> str | None:
        if self._server_of is None:
            routing: dict[str, str] = {}
            for domain in self.example["servers"]:
                for tool in self._session(domain).list_tools():
                    routing.setdefault(tool["name"], domain)
            self._server_of = routing
        return self._server_of.get(name)

    async def acall(self, name: str, arguments: Any, call_id: str | None = None) -> dict:
        """`call` from async code: in a worker thread, so the event loop keeps serving other trajectories."""
        return await asyncio.to_thread(self.call, name, arguments, call_id)

    def call(self, name: str, arguments: Any, call_id: str | None = None) -> dict:
        """Execute one call in this trajectory's sessions and record it; returns the ExecutedCall."""
        with self._lock:
            return self._call(name, arguments, call_id)

    def _call(self, name: str, arguments: Any, call_id: str | None) -> dict:
        record: dict[str, Any] = {"name": name, "arguments": arguments if isinstance(arguments, dict) else {}, "turn": self.turn, "step": self.step}
        if call_id is not None:
            record["id"] = call_id
        domain = self.server_of(name)
        if not isinstance(arguments, dict):
            record.update(server=domain or "", ok=False, error={"kind": "malformed", "message": "the arguments are not a JSON object"}, malformed=json.dumps(arguments))
        elif domain is None or name not in self.candidates:
            why = "is offered but no live server of the example provides it" if name in self.candidates else "is not among the candidate tools"
            record.update(server=domain or "", ok=False, error={"kind": "unknown_tool", "message": f'tool "{name}" {why}'})
        else:
            outcome = self._session(domain).call(name, arguments)
            record.update(server=domain, ok=outcome["ok"])
            if outcome["ok"]:
                record["result"] = outcome["result"]
            else:
                record["error"] = outcome["error"]
        self.calls.append(record)
        return record

    def state_hashes(self) -> dict[str, str]:
        """The state hash of every session opened so far, by server."""
        return {domain: session.state_hash() for domain, session in self.sessions.items()}

    def reward(self) -> dict:
        """The configured reward of the recorded calls (`POST /reward`)."""
        return self.server.reward([{"example": self.example, "calls": self.calls}])[0]

    def close(self) -> None:
        with self._lock:
            self.closed = True
            for session in self.sessions.values():
                session.close()


def tool_message_text(record: dict) -> str:
    """What the model reads back for a call: the result as JSON, or the error message."""
    if record.get("ok"):
        result = record.get("result")
        return result if isinstance(result, str) else json.dumps(result, ensure_ascii=False, separators=(",", ":"))
    error = record.get("error") or {}
    return f"Error ({error.get('kind', 'execution')}): {error.get('message', '')}"


def load_examples(lines: Iterable[str]) -> list[dict]:
    return [json.loads(line) for line in lines if line.strip()]
