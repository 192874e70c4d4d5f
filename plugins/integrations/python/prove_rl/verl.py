"""VERL (0.9.1) pieces: a tool class, an agent loop, and `compute_score`, all on prove's served environments and reward.

Configure (see plugins/integrations/README.md and verl_grpo_smollm2.sh):

    actor_rollout_ref.rollout.multi_turn.enable=True
    actor_rollout_ref.rollout.multi_turn.tool_config_path=<export>/tool_config.yaml     # class ProveTool
    actor_rollout_ref.rollout.agent.agent_loop_config_path=<export>/agent_loop.yaml     # prove_agent
    reward.custom_reward_function.path=<this file> reward.custom_reward_function.name=compute_score

Each trajectory (`ProveAgentLoop.run`) gets its own `Trajectory`: one MCP session per server of its
example, opened on the example's world at the first call, closed when the trajectory ends. VERL's
stock MCP tool shares one client for all trajectories; here `ProveTool.execute` finds the
trajectory on the `agent_data` VERL passes it. The scripted user turns (VERL 0.9 has no
interaction classes) are played by the loop: when the model answers without a tool call and a
scripted turn remains, that turn is appended and generation continues. The trajectory's reward is
prove's, from `POST /reward` on the calls that ran; `compute_score` calls the same endpoint.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections import deque
from typing import Any, Optional
from uuid import uuid4

from verl.experimental.agent_loop.agent_loop import AgentLoopOutput, register
from verl.experimental.agent_loop.tool_agent_loop import AgentData, AgentState, ToolAgentLoop
from verl.tools.base_tool import BaseTool
from verl.tools.schemas import OpenAIFunctionToolSchema, ToolResponse

from .client import ProveServer, Trajectory, tool_message_text

AGENT_NAME = "prove_agent"
TRAJECTORY_ATTRIBUTE = "prove_trajectory"


class ProveTool(BaseTool):
    """One prove tool (config: `prove_url`). Runs the call in the calling trajectory's own MCP session."""

    def __init__(self, config: dict, tool_schema: OpenAIFunctionToolSchema):
        # BaseTool.__init__ prints every schema; a prove export has a hundred of them.
        self.config = config
        self.tool_schema = tool_schema
        self.name = tool_schema.function.name

    async def create(self, instance_id: Optional[str] = None, **kwargs) -> tuple[str, ToolResponse]:
        return instance_id or uuid4().hex, ToolResponse()

    async def execute(self, instance_id: str, parameters: dict[str, Any], agent_data: AgentData | None = None, **kwargs) -> tuple[ToolResponse, float, dict]:
        trajectory: Trajectory | None = getattr(agent_data, TRAJECTORY_ATTRIBUTE, None)
        if trajectory is None:
            raise RuntimeError(f"ProveTool {self.name} runs inside the prove agent loop only: set the rows' agent_name to {AGENT_NAME} and rollout.agent.agent_loop_config_path to the exported agent_loop.yaml")
        # The assistant message that emitted this call (VERL counts it before running the tools).
        trajectory.step = max(0, agent_data.assistant_turns - 1)
        record = await trajectory.acall(self.name, parameters)
        return ToolResponse(text=tool_message_text(record)), 0.0, {"ok": record["ok"]}


class ScriptedUser:
    """The example's later user turns, in order: the next one when the model has answered the current turn."""

    def __init__(self, turns: list[str]):
        self.pending = deque(turns)
        self.played: list[str] = []

    def next_turn(self) -> str | None:
        if not self.pending:
            return None
        turn = self.pending.popleft()
        self.played.append(turn)
        return turn


def _prove_url(tools: dict) -> str | None:
    for tool in tools.values():
        url = getattr(tool, "config", {}).get("prove_url") if isinstance(getattr(tool, "config", None), dict) else None
        if url:
            return url
    return None


@register(AGENT_NAME)
class ProveAgentLoop(ToolAgentLoop):
    """VERL's tool agent loop with one prove trajectory per run: own sessions, scripted user turns, prove's reward."""

    async def run(self, sampling_params: dict[str, Any], priority: int = 0, **kwargs) -> AgentLoopOutput:
        extra_info = kwargs.get("extra_info") or {}
        if "prove_example" not in extra_info:
            raise ValueError("a prove_agent row needs extra_info.prove_example (export the dataset with prove-rl export --format verl)")
        example = json.loads(extra_info["prove_example"])
        interaction = kwargs.get("interaction_kwargs") or extra_info.get("interaction_kwargs") or {}
        turns = json.loads(interaction.get("turns") or "[]")
        server = ProveServer(os.environ.get("PROVE_SERVE_URL") or _prove_url(self.tools))
        self.prove = Trajectory(server, example)
        self.user = ScriptedUser(turns)
        try:
            output = await super().run(sampling_params, priority=priority, **kwargs)
            hashes = await asyncio.to_thread(self.prove.state_hashes)
            sheet = await asyncio.to_thread(self.prove.reward)
        finally:
            await asyncio.to_thread(self.prove.close)
        if "error" in sheet:
            raise RuntimeError(f"prove reward of {example['id']}: {sheet['error']}")
        output.reward_score = float(sheet["total"])
        output.extra_fields.update(
            {
                "prove_calls": json.dumps(self.prove.calls),
                "prove_state_hashes": json.dumps(hashes),
                "prove_reward": json.dumps(sheet),
                "prove_user_turns": len(self.user.played),
            }
        )
        return output

    async def _handle_pending_state(self, agent_data: AgentData, sampling_params: dict[str, Any]) -> AgentState:
        setattr(agent_data, TRAJECTORY_ATTRIBUTE, self.prove)
        return await super()._handle_pending_state(agent_data, sampling_params)

    async def _handle_generating_state(self, agent_data: AgentData, sampling_params: dict[str, Any], ignore_termination: bool = False) -> AgentState:
        before = len(agent_data.messages)
        state = await super()._handle_generating_state(agent_data, sampling_params, ignore_termination)
        answered = len(agent_data.messages) == before + 1 and agent_data.messages[-1].get("role") == "assistant" and not agent_data.messages[-1].get("tool_calls")
        if state != AgentState.TERMINATED or not answered:
            return state
        turn = self.user.next_turn()
        if turn is None:
            return state
        return await self._append_user_turn(agent_data, turn)

    async def _append_user_turn(self, agent_data: AgentData, text: str) -> AgentState:
        previous = list(agent_data.messages)
        agent_data.messages.append({"role": "user", "content": text})
        schemas = getattr(agent_data, "_active_tool_schemas", self.tool_schemas)
        merge_result, response_mask, response_logprobs = await self.ct_merge_context_msg(
            previous, agent_data.messages, agent_data.prompt_ids, agent_data.response_mask, agent_data.response_logprobs or None, tools=schemas
        )
        if len(response_mask) >= self.response_length:
            return AgentState.TERMINATED
        agent_data.prompt_ids = merge_result.token_ids
        agent_data.response_mask = response_mask
        if agent_data.response_logprobs:
            agent_data.response_logprobs = response_logprobs or []
        agent_data.user_turns += 1
        self.prove.turn += 1
        return AgentState.GENERATING


def compute_score(data_source: str, solution_str: str, ground_truth: str, extra_info: dict | None = None, **kwargs) -> dict:
    """VERL's custom reward function: prove's configured reward, served by `prove-rl serve --http` (`POST /reward`).

    Scores the calls the prove agent loop recorded (`extra_info.prove_calls`, with their live
    outcomes) when present, else the `<tool_call>` blocks of `solution_str`, replayed live on the
    example's world. Returns `{"score": total, <term>: value, …}`.
    """
    extra_info = extra_info or {}
    example = json.loads(extra_info["prove_example"])
    item: dict[str, Any] = {"example": example}
    if extra_info.get("prove_calls"):
        item["calls"] = json.loads(extra_info["prove_calls"])
    else:
        item["completion"] = solution_str
    server = ProveServer(kwargs.get("prove_url") or os.environ.get("PROVE_SERVE_URL"))
    sheet = server.reward([item])[0]
    if "error" in sheet:
        raise RuntimeError(f"prove reward of {example['id']}: {sheet['error']}")
    return {"score": float(sheet["total"]), **{f"prove/{term}": float(value) for term, value in sheet["terms"].items()}}
