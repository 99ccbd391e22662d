# Writes dedicated_log_torch_trace_test.log beside this script: a hand-designed trace for
# report_test.cc (a graph break with restart and its resume frame, a recompile, a skipped
# frame, a failure, a frame without metrics, a chromium event), with correct payload MD5s
# and envelopes in json.dumps form. Edit the scenario here and rerun rather than editing
# the log by hand.
import hashlib, json, os
lines = []
t = [0]
def prefix(path="logging/trace.cc", lineno=88):
    t[0] += 1
    return "V1203 12:00:%02d.%06d 4242 %s:%d] " % (t[0] // 10, (t[0] % 10) * 100000 + 17, path, lineno)
def rec(event, meta, cid=None, payload=None, path="logging/trace.cc", lineno=88):
    env = {event: meta}
    if cid is not None:
        env["frame_id"], env["frame_compile_id"], env["attempt"] = cid
    if payload is not None:
        env["has_payload"] = hashlib.md5(payload.encode()).hexdigest()
    lines.append(prefix(path, lineno) + json.dumps(env))
    if payload is not None:
        for l in payload.split("\n"):
            lines.append("\t" + l)
def jlist(items): return "[\n" + ",\n".join(json.dumps(i) for i in items) + "\n]"
def jobj(o): return json.dumps(o, indent=0)
def st(s, i): lines.append(prefix("logging/trace.cc", 40) + json.dumps({"str": [s, i]}))
def graph_text(name, body):
    return "class GraphModule(torch.nn.Module):\n    def forward(self, L_x_: \"f32[3][1]cpu\"):\n        l_x_ = L_x_\n" + body
def metrics(co_name, firstline, ops, restarts=(), fail=None, filename="/tmp/prog.py"):
    m = {"co_name": co_name, "co_filename": filename, "co_firstlineno": firstline,
         "cache_size": 0, "accumulated_cache_size": 0, "guard_count": 3,
         "shape_env_guard_count": 0, "graph_op_count": ops, "graph_node_count": ops + 2,
         "graph_input_count": 1, "start_time": 1733227200.5, "entire_frame_compile_time_s": 0.0125,
         "backend_compile_time_s": 0.0004, "inductor_compile_time_s": None, "code_gen_time_s": None,
         "fail_type": None, "fail_reason": None, "fail_user_frame_filename": None,
         "fail_user_frame_lineno": None, "non_compliant_ops": [], "compliant_custom_ops": [],
         "restart_reasons": list(restarts), "dynamo_time_before_restart_s": 0.0031 if restarts else 0.0}
    if fail:
        m.update(fail)
    return m
BREAK = "Call to `torch._dynamo.graph_break()`"
def break_reason(line):
    return ("Graph break in user code at /tmp/prog.py:%d\nGraph Break Reason: %s\n"
            "User code traceback:\n  File \"/tmp/prog.py\", line %d, in f\n"
            "    torch._dynamo.graph_break()\n" % (line, BREAK, line))
def wick_graph(name, nodes, brk):
    return jobj({"name": name, "nodes": nodes, "break": brk})
GUARDS = "TREE_GUARD_MANAGER:\n+- RootGuardManager\n| +- GLOBAL_STATE: ___check_global_state()\n| +- GuardManager: source=L['x'], accessed_by=FrameLocalsGuardAccessor(key='x', framelocals_idx=0)\n| | +- TENSOR_MATCH: check_tensor(L['x'], Tensor, DispatchKeySet(CPU, BackendSelect), torch.float32, device=None, requires_grad=False, size=[3], stride=[1])"
sin_nodes = [
    {"name": "l_x_", "op": "placeholder", "target": "L_x_", "args": [], "meta": "f32[3][1]cpu"},
    {"name": "sin", "op": "call_function", "target": "torch.sin", "args": ["l_x_"], "meta": "f32[3][1]cpu"},
    {"name": "output", "op": "output", "target": "output", "args": ["sin"], "meta": ""}]
add_nodes = [
    {"name": "l_y_", "op": "placeholder", "target": "L_y_", "args": [], "meta": "f32[3][1]cpu"},
    {"name": "add", "op": "call_function", "target": "operator.add", "args": ["l_y_"], "meta": "f32[3][1]cpu"},
    {"name": "mul", "op": "call_function", "target": "torch.mul", "args": ["add", "l_y_"], "meta": "f32[3][1]cpu"},
    {"name": "output", "op": "output", "target": "output", "args": ["mul"], "meta": ""}]

# 1. torch_version, no compile id
rec("artifact", {"name": "torch_version", "encoding": "json"}, payload=jobj({"pytorch_version": "wick 0.4.0", "commit": None, "oss": True}))
st("/tmp/prog.py", 0)
# frame 0: f breaks at line 8 (restart), attempt 1 compiles the prefix
stack_f = [{"line": 20, "name": "<module>", "filename": 0, "loc": "f(torch.ones(3))"}, {"line": 6, "name": "f", "filename": 0}]
rec("dynamo_start", {"stack": stack_f}, (0, 0, 0), path="runtime/hook.cc", lineno=120)
rec("artifact", {"name": "dynamo_graph_break_reason", "encoding": "string"}, (0, 0, 0), payload=break_reason(8))
rec("dynamo_output_graph", {"sizes": {"l_x_": [3], "sin": [3]}}, (0, 0, 1), payload=graph_text("f", "        sin: \"f32[3][1]cpu\" = torch.sin(l_x_);  l_x_ = None\n        return (sin,)\n"))
rec("artifact", {"name": "wick_graph_json", "encoding": "json"}, (0, 0, 1), payload=wick_graph("__compiled_fn_1", sin_nodes, {"line": 8, "reason": BREAK}))
rec("dynamo_cpp_guards_str", {}, (0, 0, 1), payload=GUARDS)
rec("compilation_metrics", metrics("f", 5, 1, [BREAK]), (0, 0, 1))
# frame 1: the resume entry after the break
stack_r = [{"line": 20, "name": "<module>", "filename": 0}, {"line": 8, "name": "torch_dynamo_resume_in_f_at_8", "filename": 0}]
rec("dynamo_start", {"stack": stack_r}, (1, 0, 0), path="runtime/hook.cc", lineno=120)
rec("dynamo_output_graph", {"sizes": {"l_y_": [3], "add": [3], "mul": [3]}}, (1, 0, 0), payload=graph_text("resume", "        add = l_y_ + 1\n        mul = torch.mul(add, l_y_)\n        return (mul,)\n"))
rec("artifact", {"name": "wick_graph_json", "encoding": "json"}, (1, 0, 0), payload=wick_graph("__compiled_fn_2", add_nodes, None))
rec("dynamo_cpp_guards_str", {}, (1, 0, 0), payload=GUARDS)
rec("compilation_metrics", metrics("torch_dynamo_resume_in_f_at_8", 8, 2), (1, 0, 0))
# frame 0 recompiles for a new size
rec("artifact", {"name": "recompile_reasons", "encoding": "json"}, (0, 1, 0), payload=jlist(["0/0: tensor 'x' size mismatch at index 0. expected 3, actual 4"]))
stack_f2 = [{"line": 21, "name": "<module>", "filename": 0}, {"line": 6, "name": "f", "filename": 0}]
rec("dynamo_start", {"stack": stack_f2}, (0, 1, 0), path="runtime/hook.cc", lineno=120)
rec("artifact", {"name": "dynamo_graph_break_reason", "encoding": "string"}, (0, 1, 0), payload=break_reason(8))
rec("artifact", {"name": "wick_graph_json", "encoding": "json"}, (0, 1, 1), payload=wick_graph("__compiled_fn_3", sin_nodes, {"line": 8, "reason": BREAK}))
rec("compilation_metrics", metrics("f", 5, 1, [BREAK]), (0, 1, 1))
# frame 2: g in another file, skipped (no ops)
st("/tmp/helper.py", 1)
rec("dynamo_start", {"stack": [{"line": 22, "name": "<module>", "filename": 0}, {"line": 3, "name": "g", "filename": 1}]}, (2, 0, 0), path="runtime/hook.cc", lineno=120)
rec("compilation_metrics", metrics("g", 2, 0, filename="/tmp/helper.py"), (2, 0, 0))
# frame 3: h fails
rec("dynamo_start", {"stack": [{"line": 23, "name": "<module>", "filename": 0}, {"line": 10, "name": "h", "filename": 1}]}, (3, 0, 0), path="runtime/hook.cc", lineno=120)
rec("artifact", {"name": "dynamo_error", "encoding": "string"}, (3, 0, 0), payload="Traceback (most recent call last):\n  File \"/tmp/helper.py\", line 12, in h\nUnsupported: call to an unsupported <builtin> & friends")
rec("compilation_metrics", metrics("h", 10, 0, fail={"fail_type": "Unsupported", "fail_reason": "call to an unsupported <builtin> & friends", "fail_user_frame_filename": "/tmp/helper.py", "fail_user_frame_lineno": 12}, filename="/tmp/helper.py"), (3, 0, 0))
# frame 4: k started, never finished (no metrics)
rec("dynamo_start", {"stack": [{"line": 24, "name": "<module>", "filename": 0}, {"line": 15, "name": "k", "filename": 1}]}, (4, 0, 0), path="runtime/hook.cc", lineno=120)
# a chromium event without compile id
rec("chromium_event", {}, payload=jobj({"name": "dynamo", "ts": 1733227200500000.0, "args": {"compile_id": "None"}, "ph": "B", "cat": "dynamo_timed", "tid": 0, "pid": 0}))
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "dedicated_log_torch_trace_test.log"), "w").write("\n".join(lines) + "\n")
