// Hot paths of the object model: int add through the protocol, dict get/set with str
// keys, list append, and attribute lookup on a user-class instance.
#include "benchmark/benchmark.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"
#include "vm/runtime.h"

namespace wick::vm {
namespace {

void BM_IntAdd(benchmark::State& state) {
  Runtime rt;
  Value acc = Value::Int(0), one = Value::Int(1);
  for (auto _ : state) {
    acc = BinaryOp(rt, BinOp::kAdd, acc, one);
    benchmark::DoNotOptimize(acc);
  }
}
BENCHMARK(BM_IntAdd);

void BM_DictStrGetSet(benchmark::State& state) {
  Runtime rt;
  Value d = rt.NewDict();
  std::vector<Str*> keys;
  for (int i = 0; i < 64; ++i) keys.push_back(rt.Intern("key" + std::to_string(i)));
  int i = 0;
  for (auto _ : state) {
    Str* k = keys[i++ & 63];
    d.as<Dict>()->SetStr(rt, k, Value::Int(i));
    benchmark::DoNotOptimize(d.as<Dict>()->GetStr(k));
  }
}
BENCHMARK(BM_DictStrGetSet);

void BM_ListAppend(benchmark::State& state) {
  Runtime rt;
  Value l = rt.NewList({});
  Value args[2] = {l, Value::Int(1)};
  bool is_method;
  Value append = GetMethod(rt, l, rt.Intern("append"), &is_method);
  for (auto _ : state) {
    Call(rt, append, args);
    if (l.as<List>()->items.size() > 1000000) l.as<List>()->items.clear();
  }
}
BENCHMARK(BM_ListAppend);

void BM_InstanceAttribute(benchmark::State& state) {
  Runtime rt;
  Value ns = rt.NewDict();
  Value cls = Value::Steal(rt.NewClass("C", nullptr, ns.as<Dict>()));
  Value obj = Call(rt, cls, {});
  Str* name = rt.Intern("x");
  SetAttr(rt, obj, name, Value::Int(1));
  for (auto _ : state) benchmark::DoNotOptimize(GetAttr(rt, obj, name));
}
BENCHMARK(BM_InstanceAttribute);

}  // namespace
}  // namespace wick::vm
