"""BFCL multi-turn as an MCP server (stdio, newline-delimited JSON-RPC), one task per process.

The multi-turn API classes of BFCL (GorillaFileSystem, TwitterAPI, TicketAPI, TradingBot, TravelAPI,
VehicleControlAPI, MessageAPI, MathAPI) come from PyPI `bfcl-eval` unchanged, and so do its data
and its checker. Agent tools: every function of those classes, as BFCL documents them, converted
to OpenAI/JSON Schema exactly as BFCL's `convert_to_tool` does for OpenAI-style models. A call runs
live through BFCL's own `execute_multi_turn_func_call` on the instances of the loaded task.

Operator tools (absent from tools/list, never shown to the agent):
  bfcl_tasks {categories, limit?}  the tasks: id, user turns, initial and held-out tool names, ground truth; tool docs once
  bfcl_load {id}                   load one task: fresh instances from its initial_config
  prove_state_hash                 {hash}: SHA-256 of the public attributes of every instance
  prove_reset                      fresh instances from the same initial_config
  bfcl_score {result}              BFCL's own multi_turn_checker on the decoded per-turn, per-step calls
"""

import ast
import copy
import hashlib
import importlib
import importlib.metadata
import inspect
import json
import sys
import traceback

from bfcl_eval.constants.eval_config import POSSIBLE_ANSWER_PATH, PROMPT_PATH
from bfcl_eval.constants.executable_backend_config import CLASS_FILE_PATH_MAPPING, MULTI_TURN_FUNC_DOC_FILE_MAPPING
from bfcl_eval.constants.default_prompts import DEFAULT_USER_PROMPT_FOR_ADDITIONAL_FUNCTION_FC, MAXIMUM_STEP_LIMIT
from bfcl_eval.constants.eval_config import MULTI_TURN_FUNC_DOC_PATH
from bfcl_eval.constants.type_mappings import GORILLA_TO_OPENAPI
from bfcl_eval.eval_checker.multi_turn_eval.multi_turn_checker import multi_turn_checker
from bfcl_eval.eval_checker.multi_turn_eval.multi_turn_utils import execute_multi_turn_func_call, is_empty_execute_response
from bfcl_eval.utils import load_file, populate_test_cases_with_predefined_functions

BFCL_VERSION = importlib.metadata.version("bfcl-eval")
CATEGORIES = ["multi_turn_base", "multi_turn_miss_func", "multi_turn_miss_param", "multi_turn_long_context"]
CLASSES = ["GorillaFileSystem", "MathAPI", "MessageAPI", "TwitterAPI", "TicketAPI", "TradingBot", "TravelAPI", "VehicleControlAPI"]
DATA_PREFIX = "BFCL_v4_"


def cast_to_openai_type(properties, mapping):
    """BFCL's `_cast_to_openai_type` (bfcl_eval/model_handler/utils.py), copied because that module
    imports the Java/JavaScript tree-sitter parsers, which multi-turn does not need."""
    for key, value in properties.items():
        if "type" not in value:
            properties[key]["type"] = "string"
        else:
            var_type = value["type"]
            if mapping == GORILLA_TO_OPENAPI and var_type == "float":
                properties[key]["format"] = "float"
                properties[key]["description"] += " This is a float type value."
            properties[key]["type"] = mapping.get(var_type, "string")
        if properties[key]["type"] in ("array", "object"):
            if "properties" in properties[key]:
                properties[key]["properties"] = cast_to_openai_type(properties[key]["properties"], mapping)
            elif "items" in properties[key]:
                properties[key]["items"]["type"] = mapping[properties[key]["items"]["type"]]
                if properties[key]["items"]["type"] == "array" and "items" in properties[key]["items"]:
                    properties[key]["items"]["items"]["type"] = mapping[properties[key]["items"]["items"]["type"]]
                elif properties[key]["items"]["type"] == "object" and "properties" in properties[key]["items"]:
                    properties[key]["items"]["properties"] = cast_to_openai_type(properties[key]["items"]["properties"], mapping)
    return properties


def to_openai(func_doc):
    """One BFCL function doc as an OpenAI tool (convert_to_tool, OPENAI_COMPLETIONS style)."""
    item = copy.deepcopy(func_doc)
    item["name"] = item["name"].replace(".", "_")
    item["parameters"]["type"] = "object"
    item["parameters"]["properties"] = cast_to_openai_type(item["parameters"]["properties"], GORILLA_TO_OPENAPI)
    return {"type": "function", "function": item}


def to_mcp(func_doc):
    tool = to_openai(func_doc)["function"]
    return {"name": tool["name"], "description": tool.get("description", ""), "inputSchema": tool["parameters"]}


def load_category(category):
    entries = load_file(PROMPT_PATH / f"{DATA_PREFIX}{category}.json")
    answers = {a["id"]: a["ground_truth"] for a in load_file(POSSIBLE_ANSWER_PATH / f"{DATA_PREFIX}{category}.json")}
    entries = populate_test_cases_with_predefined_functions(entries)
    for entry in entries:
        entry["ground_truth"] = answers[entry["id"]]
    return entries


ALL_DOCS = []
for class_name in CLASSES:
    ALL_DOCS.extend(load_file(MULTI_TURN_FUNC_DOC_PATH / MULTI_TURN_FUNC_DOC_FILE_MAPPING[class_name]))
ALL_TOOLS = [to_mcp(doc) for doc in ALL_DOCS]
TOOL_NAMES = {tool["name"] for tool in ALL_TOOLS}
_entries_by_id = {}


def entry_of(task_id):
    category = str(task_id).rsplit("_", 1)[0]
    if category in CATEGORIES and task_id not in _entries_by_id:
        for entry in load_category(category):
            _entries_by_id[entry["id"]] = entry
    if task_id not in _entries_by_id:
        raise ValueError(f"no BFCL multi-turn task {task_id!r}")
    return _entries_by_id[task_id]


def method_of(class_name, method_name):
    module = importlib.import_module(CLASS_FILE_PATH_MAPPING[class_name])
    return getattr(getattr(module, class_name), method_name, None)


def parse_call(call_text, involved_classes):
    """A ground-truth call string as a name and a keyword-arguments object (positional arguments
    named after the method's signature), so that a policy can emit it as a JSON tool call."""
    node = ast.parse(call_text, mode="eval").body
    name = node.func.id if isinstance(node.func, ast.Name) else node.func.attr
    arguments = {kw.arg: ast.literal_eval(kw.value) for kw in node.keywords}
    if node.args:
        method = next((m for m in (method_of(c, name) for c in involved_classes) if m is not None), None)
        params = [p for p in inspect.signature(method).parameters if p != "self"]
        for index, arg in enumerate(node.args):
            arguments[params[index]] = ast.literal_eval(arg)
    return {"name": name, "arguments": arguments}


def to_call_string(name, arguments):
    """BFCL's decode_execute for function-calling models (model_handler/utils.convert_to_function_call)."""
    return f"{name}({','.join([f'{k}={repr(v)}' for k, v in arguments.items()])})"


def plain(value, path=()):
    """A JSON value for hashing: objects (a file system's directories …) by class and public
    attributes, never by address; a reference back up the tree (a directory's parent) by class only."""
    if isinstance(value, dict):
        return {str(k): plain(v, path) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v, path) for v in value]
    if isinstance(value, set):
        return sorted((plain(v, path) for v in value), key=lambda v: json.dumps(v, sort_keys=True))
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if hasattr(value, "__dict__"):
        if id(value) in path:
            return {"__ref__": type(value).__name__}
        inner = path + (id(value),)
        return {"__class__": type(value).__name__, **{k: plain(v, inner) for k, v in vars(value).items() if not k.startswith("_")}}
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return str(value)


class Task:
    def __init__(self, entry):
        self.entry = entry
        self.generation = 0
        self.instances = {}
        self.reset()

    @property
    def long_context(self):
        return "long_context" in self.entry["id"]

    def run(self, call_strings):
        results, self.instances = execute_multi_turn_func_call(
            call_strings, self.entry["initial_config"], self.entry["involved_classes"], f"prove_live_{self.generation}", self.entry["id"], long_context=self.long_context, is_evaL_run=False
        )
        return results

    def reset(self):
        self.generation += 1
        self.run([])

    def state(self):
        """What BFCL's state checker compares: the public attributes of every instance."""
        return {name: plain({k: v for k, v in vars(inst).items() if not k.startswith("_")}) for name, inst in sorted(self.instances.items())}

    def state_hash(self):
        text = json.dumps(self.state(), sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def functions(self):
        names = set()
        for doc in self.entry["function"]:
            names.add(doc["name"])
        for docs in self.entry.get("missed_function", {}).values():
            names.update(doc["name"] for doc in docs)
        return names


task = None


def describe(entry):
    turns = []
    for index, messages in enumerate(entry["question"]):
        if str(index) in entry.get("missed_function", {}):
            messages = [{"role": "user", "content": DEFAULT_USER_PROMPT_FOR_ADDITIONAL_FUNCTION_FC}]
        turns.append(messages)
    return {
        "id": entry["id"],
        "category": entry["id"].rsplit("_", 1)[0],
        "involvedClasses": entry["involved_classes"],
        "turns": turns,
        "tools": [doc["name"] for doc in entry["function"]],
        "missedTools": {turn: [doc["name"] for doc in docs] for turn, docs in entry.get("missed_function", {}).items()},
        "groundTruth": [[parse_call(call, entry["involved_classes"]) for call in turn] for turn in entry["ground_truth"]],
        "groundTruthText": entry["ground_truth"],
    }


def score(result):
    """`_evaluate_single_multi_turn_entry` of bfcl_eval/eval_checker/eval_runner.py, on calls the
    engine ran live: result[turn][step] is the list of {name, arguments} of one assistant message."""
    entry = copy.deepcopy(task.entry)
    ground_truth = entry["ground_truth"]
    if len(result) != len(ground_truth):
        return {"valid": False, "error_type": "multi_turn:force_terminated", "error_message": f"Model was force-terminated during inference phase. The length of the model result turns ({len(result)}) does not match the length of the ground truth turns ({len(ground_truth)})."}
    decoded = []
    for turn in result:
        steps = []
        for step in turn:
            calls = [to_call_string(call["name"], call["arguments"]) for call in step]
            if is_empty_execute_response(calls):
                continue
            steps.append(calls)
        decoded.append(steps)
    outcome = multi_turn_checker(decoded, ground_truth, entry, entry["id"].rsplit("_", 1)[0], f"prove_check_{task.generation}")
    out = {"valid": bool(outcome.get("valid"))}
    if not out["valid"]:
        out["error_type"] = outcome.get("error_type")
        out["error_message"] = outcome.get("error_message")
    out["decoded"] = decoded
    return out


def text_result(value, is_error=False):
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    result = {"content": [{"type": "text", "text": text}]}
    if is_error:
        result["isError"] = True
    elif isinstance(value, dict):
        result["structuredContent"] = value
    return result


def call_tool(name, arguments):
    global task
    if name == "bfcl_tasks":
        categories = arguments.get("categories") or CATEGORIES
        limit = arguments.get("limit")
        tasks = []
        for category in categories:
            entries = load_category(category)
            tasks.extend(describe(e) for e in (entries[:limit] if limit else entries))
        # Tools by name once, not per task; as text only (no structured copy): the listing is large.
        return {"content": [{"type": "text", "text": json.dumps({"version": BFCL_VERSION, "maxSteps": MAXIMUM_STEP_LIMIT, "toolDocs": {doc["name"]: to_openai(doc) for doc in ALL_DOCS}, "tasks": tasks}, ensure_ascii=False)}]}
    if name == "bfcl_load":
        task = Task(entry_of(arguments["id"]))
        return text_result({"id": task.entry["id"], "hash": task.state_hash()})
    if name == "bfcl_version":
        return text_result({"version": BFCL_VERSION})
    if task is None:
        return text_result("no BFCL task is loaded (call bfcl_load first)", True)
    if name == "prove_state_hash":
        return text_result({"hash": task.state_hash()})
    if name == "prove_reset":
        task.reset()
        return text_result({"hash": task.state_hash()})
    if name == "bfcl_score":
        return text_result(score(arguments["result"]))
    if name not in TOOL_NAMES or name not in task.functions():
        return text_result(f"unknown tool {name!r} for task {task.entry['id']}", True)
    [output] = task.run([to_call_string(name, arguments)])
    return text_result(output, output.startswith("Error during execution"))


def answer(request):
    method = request.get("method")
    params = request.get("params") or {}
    if method == "initialize":
        return {"protocolVersion": params.get("protocolVersion", "2025-06-18"), "capabilities": {"tools": {}}, "serverInfo": {"name": "bfcl-multi-turn", "version": BFCL_VERSION}}
    if method == "ping":
        return {}
    if method == "tools/list":
        return {"tools": ALL_TOOLS}
    if method == "tools/call":
        try:
            return call_tool(params["name"], params.get("arguments") or {})
        except Exception as error:  # a failure of the call is a result the caller can read
            return text_result(f"{type(error).__name__}: {error}\n{traceback.format_exc(limit=3)}", True)
    raise LookupError(method)


def main(out):
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if "id" not in request or "method" not in request:
            continue  # a notification or a response: nothing to answer
        try:
            reply = {"jsonrpc": "2.0", "id": request["id"], "result": answer(request)}
        except LookupError as error:
            reply = {"jsonrpc": "2.0", "id": request["id"], "error": {"code": -32601, "message": f"method not found: {error}"}}
        out.write(json.dumps(reply, ensure_ascii=False, default=repr) + "\n")
        out.flush()


if __name__ == "__main__":
    # stdout carries JSON-RPC only: anything the task's classes print goes to stderr.
    protocol = sys.stdout
    sys.stdout = sys.stderr
    main(protocol)
