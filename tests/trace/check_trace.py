"""Checks TORCH_TRACE output against upstream's structured-trace contract
(/work/shared/reference/pytorch_observability.md §3): what `tlparse --strict` accepts,
plus the record order upstream emits.

Usage: check_trace.py WICK_BINARY PROGRAM.py [PROGRAM.py ...]
Each program runs as `wick run PROGRAM` from its directory with TORCH_TRACE set to a
fresh directory; the one trace file there is checked:
  1. every line that is not a payload line matches tlparse's glog regex, level V;
  2. every envelope is a JSON object whose text is exactly json.dumps of itself (default
     separators, ASCII escapes, key order kept), event name first, has_payload last;
  3. a record with has_payload is followed by TAB-prefixed payload lines whose MD5 (TABs
     dropped, lines joined by newlines) is has_payload; no stray TAB lines;
  4. `str` records number strings 0, 1, 2, ... and come before any stack frame that uses
     them; stack frames have int line, str name, int filename;
  5. compile records carry int frame_id, frame_compile_id and attempt;
  6. artifact encodings are "string" or "json", and json payloads parse;
  7. compilation_metrics have the types tlparse deserializes;
  8. per compile id (a reset() may reuse one after its compile ended): recompile_reasons (if any) before dynamo_start, dynamo_start before
     everything else, compilation_metrics exactly once and last; attempt 1 only after a
     dynamo_graph_break_reason.
Prints "N passed, M failed" last.
"""
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

GLOG = re.compile(
    r"(?P<level>[VIWEC])(?P<month>\d{2})(?P<day>\d{2}) (?P<hour>\d{2}):(?P<minute>\d{2}):"
    r"(?P<second>\d{2}).(?P<millisecond>\d{6}) (?P<thread>\d+)(?P<pathname>[^:]+):"
    r"(?P<line>\d+)\] (?P<payload>.)")
CONTEXT_KEYS = ("frame_id", "frame_compile_id", "attempt")
METRIC_TYPES = {
    "co_name": str, "co_filename": str, "co_firstlineno": int, "cache_size": int,
    "accumulated_cache_size": int, "guard_count": int, "shape_env_guard_count": int,
    "graph_op_count": int, "graph_node_count": int, "graph_input_count": int,
    "start_time": (int, float), "entire_frame_compile_time_s": (int, float),
    "backend_compile_time_s": (int, float), "restart_reasons": list,
    "non_compliant_ops": list, "compliant_custom_ops": list,
}


def parse(text):
    """(envelope dict, envelope text, payload or None) per record; raises on violations."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    records = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("\t"):
            raise AssertionError(f"line {i + 1}: payload line without an envelope")
        m = GLOG.search(line)
        if m is None or m.start() != 0:
            raise AssertionError(f"line {i + 1}: not a glog line: {line[:80]!r}")
        if m.group("level") != "V":
            raise AssertionError(f"line {i + 1}: level {m.group('level')}, not V")
        env_text = line[m.start("payload"):]
        env = json.loads(env_text)
        if json.dumps(env) != env_text:
            raise AssertionError(f"line {i + 1}: envelope is not json.dumps form: {env_text[:120]}")
        i += 1
        payload = None
        if "has_payload" in env:
            if list(env)[-1] != "has_payload":
                raise AssertionError(f"line {i}: has_payload is not the last key")
            body = []
            while i < len(lines) and lines[i].startswith("\t"):
                body.append(lines[i][1:])
                i += 1
            payload = "\n".join(body)
            digest = hashlib.md5(payload.encode("utf-8")).hexdigest()
            if digest != env["has_payload"]:
                raise AssertionError(f"line {i}: payload md5 {digest} != {env['has_payload']}")
        records.append((env, env_text, payload))
    return records


def check_records(records):
    strings = []
    by_id = {}  # (frame_id, frame_compile_id) -> list of (event, record)
    for env, _, payload in records:
        name = next(iter(env))
        meta = env[name]
        if name == "str":
            text, index = meta
            if index != len(strings):
                raise AssertionError(f"str index {index}, expected {len(strings)}")
            strings.append(text)
            continue
        if name == "artifact" and meta.get("name") == "torch_version":
            continue
        for k in CONTEXT_KEYS:
            if not isinstance(env.get(k), int):
                raise AssertionError(f"{name}: {k} is not an int: {env.get(k)!r}")
        if name == "dynamo_start":
            for frame in meta["stack"]:
                if not (isinstance(frame["line"], int) and isinstance(frame["name"], str)
                        and isinstance(frame["filename"], int)):
                    raise AssertionError(f"dynamo_start: bad frame {frame}")
                if not 0 <= frame["filename"] < len(strings):
                    raise AssertionError(f"dynamo_start: filename {frame['filename']} not interned yet")
        if name == "artifact":
            if meta.get("encoding") not in ("string", "json"):
                raise AssertionError(f"artifact {meta}: bad encoding")
            if meta["encoding"] == "json":
                json.loads(payload)
        if name == "dynamo_guards":
            items = json.loads(payload)
            if not isinstance(items, list) or any("code" not in g for g in items):
                raise AssertionError("dynamo_guards payload is not a list of {code: ...}")
        if name == "compilation_metrics":
            for k, t in METRIC_TYPES.items():
                if k in meta and meta[k] is not None and not isinstance(meta[k], t):
                    raise AssertionError(f"compilation_metrics.{k}: {meta[k]!r} is not {t}")
        key = (env["frame_id"], env["frame_compile_id"])
        # torch._dynamo.reset() restarts compile ids: a finished id seen again starts
        # a new compile.
        groups = by_id.setdefault(key, [[]])
        if groups[-1] and groups[-1][-1][0] == "compilation_metrics":
            groups.append([])
        groups[-1].append((name, env))
    for key, events in ((k, g) for k, gs in by_id.items() for g in gs):
        names = [n for n, _ in events]
        first = 1 if names and names[0] == "artifact" and \
            events[0][1]["artifact"]["name"] == "recompile_reasons" else 0
        if names[first] != "dynamo_start":
            raise AssertionError(f"[{key[0]}/{key[1]}]: first record is {names[first]}, not dynamo_start")
        if names.count("compilation_metrics") != 1 or names[-1] != "compilation_metrics":
            raise AssertionError(f"[{key[0]}/{key[1]}]: compilation_metrics not once and last: {names}")
        saw_break = False
        for n, env in events:
            if n == "artifact" and env["artifact"]["name"] == "dynamo_graph_break_reason":
                saw_break = True
            if env["attempt"] > 0 and not saw_break:
                raise AssertionError(f"[{key[0]}/{key[1]}]: attempt {env['attempt']} before a break")
    return by_id


def observable(proc):
    """What tracing must not change: stdout, stderr (object addresses and the log lines'
    time and thread id aside), status."""
    def strip(b):
        b = re.sub(rb"(?m)^([IWEV])\d{4} \d\d:\d\d:\d\d\.\d+ +\d+ ", rb"\1 ", b)
        return re.sub(rb"0x[0-9a-f]+", b"0x?", b)
    return proc.returncode, proc.stdout, strip(proc.stderr)


def run(wick, program):
    with tempfile.TemporaryDirectory() as trace_dir:
        env = dict(os.environ)
        env.pop("TORCH_LOGS", None)
        env.pop("TORCH_TRACE", None)
        directory, name = os.path.split(os.path.abspath(program))
        plain = subprocess.run([wick, "run", name], cwd=directory, env=env,
                               capture_output=True, timeout=120)
        env["TORCH_TRACE"] = trace_dir
        traced = subprocess.run([wick, "run", name], cwd=directory, env=env,
                                capture_output=True, timeout=120)
        # Tracing never changes behaviour (M12): same output, errors and exit status.
        for what, a, b in zip(("exit status", "stdout", "stderr"), observable(plain),
                              observable(traced)):
            if a != b:
                raise AssertionError(f"TORCH_TRACE changed the {what}: {a!r} vs {b!r}"[:600])
        files = [f for f in os.listdir(trace_dir) if f.startswith("dedicated_log_torch_trace_")]
        if len(files) != 1 or not files[0].endswith(".log"):
            raise AssertionError(f"expected one dedicated_log_torch_trace_*.log, found {files}")
        with open(os.path.join(trace_dir, files[0]), encoding="utf-8") as f:
            text = f.read()
    records = parse(text)
    if not records or next(iter(records[0][0])) != "artifact":
        raise AssertionError("the first record is not the torch_version artifact")
    return check_records(records)


def main():
    wick = sys.argv[1]
    passed = failed = 0
    for program in sys.argv[2:]:
        try:
            ids = run(wick, program)
            print(f"ok   {os.path.basename(program)} ({len(ids)} compile ids)")
            passed += 1
        except Exception as e:  # a violated rule
            print(f"FAIL {os.path.basename(program)}: {e}")
            failed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
