"""prove's live environments and reward for VERL and TRL.

`prove-rl serve --http` serves the domains (one MCP session per trajectory, on the example's world)
and the configured reward (`POST /reward`). This package only talks to it: the environments and the
five reward terms stay in prove, never re-implemented here.

- `prove_rl.client`: `ProveServer` (the served reward, tool listings), `McpSession` (one MCP
  session over plain HTTP) and `Trajectory` (one session per example server, calls routed by tool
  name, outcomes recorded, state hashes read, sessions closed at the end).
- `prove_rl.verl`: `ProveTool` (a VERL tool), `ProveAgentLoop` (closes the sessions, plays the
  scripted user turns, sets the trajectory's reward) and `compute_score`.
- `prove_rl.trl`: environments for `GRPOTrainer(environment_factory=...)` and reward functions.
"""

from .client import McpSession, ProveError, ProveServer, Trajectory

__all__ = ["McpSession", "ProveError", "ProveServer", "Trajectory"]
