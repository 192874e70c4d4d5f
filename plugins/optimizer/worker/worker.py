"""The PyTorch worker of GrpoOptimizerPlugin: JSON lines over stdio.

Every request is one line `{"id": n, "op": "...", ...}`; every answer one line
`{"id": n, "ok": true, "result": {...}}` or `{"id": n, "ok": false, "error": "...", "traceback": "..."}`.
Stdout carries nothing else (library prints go to stderr, which the plugin keeps for crash reports).

It holds the policy (and, when the KL coefficient is not zero, a frozen reference), keeps each
rollout's conversation as token ids (chat.py), samples batches of turns, and applies the SFT and
GRPO updates (grpo.py for the math).
"""
from __future__ import annotations

import json
import os
import sys
import traceback

REQUIRED = ["torch", "transformers", "tokenizers", "safetensors", "jinja2"]


def check_imports(extra: list[str]) -> list[str]:
    import importlib.util

    return [name for name in REQUIRED + extra if importlib.util.find_spec(name) is None]


def main() -> int:
    protocol = os.fdopen(os.dup(sys.stdout.fileno()), "w", buffering=1, encoding="utf-8")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # stray prints end up on stderr
    sys.stdout = sys.stderr

    def send(obj) -> None:
        protocol.write(json.dumps(obj, allow_nan=True) + "\n")
        protocol.flush()

    missing = check_imports(["peft"] if "--lora" in sys.argv else [])
    if missing:
        send({"id": 0, "ok": False, "missing": missing, "error": f"missing Python modules: {', '.join(missing)}"})
        return 3
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from session import Session

    session = Session()
    print(f"prove worker: ready (pid {os.getpid()}, python {sys.version.split()[0]})", file=sys.stderr, flush=True)
    send({"id": 0, "ok": True, "result": session.hello()})
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            request = json.loads(line)
        except ValueError as error:
            send({"id": None, "ok": False, "error": f"request is not JSON: {error}"})
            continue
        rid = request.get("id")
        op = request.get("op")
        if op == "shutdown":
            send({"id": rid, "ok": True, "result": {}})
            return 0
        handler = getattr(session, f"op_{op}", None) if isinstance(op, str) else None
        if handler is None:
            send({"id": rid, "ok": False, "error": f"unknown op {op!r}"})
            continue
        try:
            result = handler(request.get("args") or {})
            send({"id": rid, "ok": True, "result": result})
        except Exception as error:  # the plugin turns it into a coded error; the worker keeps serving
            send({"id": rid, "ok": False, "error": f"{type(error).__name__}: {error}", "traceback": traceback.format_exc()})
    return 0


if __name__ == "__main__":
    sys.exit(main())
