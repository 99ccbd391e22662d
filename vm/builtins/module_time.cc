// The time module: perf_counter, monotonic, time (and their _ns forms), sleep.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

#include "vm/builtins/args.h"
#include "vm/builtins/internal/builtins_internal.h"
#include "vm/interpreter.h"
#include "vm/protocol.h"

namespace wick::vm::builtins {
namespace {

template <typename Clock>
int64_t NowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             Clock::now().time_since_epoch()).count();
}

// kClock: 0 = perf_counter/monotonic (steady), 1 = time (wall clock).
template <int kClock, bool kNs>
Value ClockFn(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "time", args, kw, 0, 0)) return Value::Raised();
  int64_t ns = kClock == 0 ? NowNs<std::chrono::steady_clock>()
                           : NowNs<std::chrono::system_clock>();
  if (kNs) return Value::Int(ns);
  return Value::Float(static_cast<double>(ns) * 1e-9);
}

Value Sleep(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "sleep", args, kw, 1, 1)) return Value::Raised();
  double secs;
  if (args[0].is_int_like()) {
    secs = static_cast<double>(args[0].as_int());
  } else if (args[0].is_float()) {
    secs = args[0].as_float();
  } else {
    return RaiseTypeName(rt, "'", args[0], "' object cannot be interpreted as an integer");
  }
  if (std::isnan(secs)) return rt.Raise(rt.exc().value_error, "Invalid value NaN (not a number)");
  if (secs < 0) return rt.Raise(rt.exc().value_error, "sleep length must be non-negative");
  // In slices, so that Ctrl-C (KeyboardInterrupt) and SIGTERM end the wait promptly, as
  // they end CPython's.
  const auto end = std::chrono::steady_clock::now() +
                   std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                       std::chrono::duration<double>(std::min(secs, 1e9)));
  for (;;) {
    if (Interpreter::TakePendingInterrupt(rt)) return Value::Raised();
    const auto now = std::chrono::steady_clock::now();
    if (now >= end) break;
    const std::chrono::steady_clock::duration left = end - now;
    std::this_thread::sleep_for(
        std::min<std::chrono::steady_clock::duration>(left, std::chrono::milliseconds(50)));
  }
  return Value::None();
}

}  // namespace

bool InitTimeModule(Runtime& rt, const Value& m) {
  AddModuleFunction(rt, m, "perf_counter", &ClockFn<0, false>);
  AddModuleFunction(rt, m, "perf_counter_ns", &ClockFn<0, true>);
  AddModuleFunction(rt, m, "monotonic", &ClockFn<0, false>);
  AddModuleFunction(rt, m, "monotonic_ns", &ClockFn<0, true>);
  AddModuleFunction(rt, m, "time", &ClockFn<1, false>);
  AddModuleFunction(rt, m, "time_ns", &ClockFn<1, true>);
  AddModuleFunction(rt, m, "sleep", &Sleep);
  return true;
}

}  // namespace wick::vm::builtins
