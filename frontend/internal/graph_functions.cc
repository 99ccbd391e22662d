// torch.compiler.allow_in_graph: a call to a marked script function is one node of the
// graph, as upstream keeps it as a call_function node instead of tracing its body. The
// node's op is made here, once per function and call shape (which arguments are
// tensors and which numbers, and the keyword names): its meta function runs the
// function on zero-filled tensors of the arguments' sizes (upstream runs it on fake
// tensors: in both, the function's Python side effects happen while tracing), and its
// kernel runs the function on the real tensors each time the graph runs. The frame hook
// is off during both calls: the function runs eagerly, never compiled on its own.
#include <algorithm>
#include <cctype>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "frontend/internal/translator.h"
#include "vm/interpreter.h"
#include "vm/objects/dict.h"
#include "vm/objects/objects.h"
#include "vm/protocol.h"
#include "vm/torch/torch.h"

namespace wick::frontend::internal {
namespace {

// The op of one marked function and call shape, kept in the function's attribute dict (the
// prelude keeps marked functions alive for the interpreter's life, and graphs point at
// the op).
class GraphOpHolder : public vm::Object {
 public:
  void ClearRefs() override {  // at teardown: every reference the holder owns
    function = vm::Value();
    keywords.clear();
  }
  vm::Runtime* rt = nullptr;
  vm::Value function;
  std::string label;  // "allow_in_graph function 'f'"
  size_t num_positional = 0;  // the op's arguments after these are passed by keyword
  std::vector<vm::Value> keywords;  // their names (str)
  int num_results = 1;  // 0: the function returns one tensor (not a tuple)
  tensor::OpDef def;
  // Result metadata by argument metadata (ArgsKey), from the runs on zeros: the kernel
  // checks each run's results against it, so the function runs once per graph run.
  absl::flat_hash_map<std::string, std::vector<tensor::Tensor>> metas;
};

// "f32[2,3];i64[4];i2;": the sizes and dtypes of the tensors the function was called
// with, and the numbers (the function's results may depend on both).
std::string ArgsKey(const tensor::OpArgs& a) {
  std::string key;
  for (size_t i = 0; i < a.size(); ++i) {
    const tensor::Value& v = a[i];
    if (v.is_tensor()) {
      absl::StrAppend(&key, tensor::DTypeName(v.to_tensor().dtype()), "[",
                      absl::StrJoin(v.to_tensor().sizes(), ","), "];");
    } else {
      absl::StrAppend(&key, v.is_bool()  ? absl::StrCat("b", v.to_bool())
                            : v.is_int() ? absl::StrCat("i", v.to_int())
                                         : absl::StrCat("d", v.to_double()),
                      ";");
    }
  }
  return key;
}

// A registry value as the script sees it: a Tensor object or a Python number.
vm::Value ToScript(vm::Runtime& rt, const tensor::Value& v) {
  if (v.is_tensor()) return vm::NewTensorObject(rt, v.to_tensor());
  if (v.is_bool()) return vm::Value::Bool(v.to_bool());
  if (v.is_int()) return vm::Value::Int(v.to_int());
  return vm::Value::Float(v.to_double());
}

// Calls the holder's function on `in` (positional, then keyword arguments) with the
// frame hook off. Its result must be a tensor or a tuple/list of tensors; anything else,
// or an exception, is an error status carrying the Python exception's type.
absl::StatusOr<std::vector<tensor::Tensor>> CallFunction(GraphOpHolder& h,
                                                         const std::vector<tensor::Value>& in,
                                                         bool* single) {
  vm::Runtime& rt = *h.rt;
  if (h.function.is_none()) return RuntimeError(h.label + " is gone");
  std::vector<vm::Value> args, kwvalues;
  for (size_t i = 0; i < in.size(); ++i) {
    (i < h.num_positional ? args : kwvalues).push_back(ToScript(rt, in[i]));
  }
  vm::Interpreter& interp = vm::Interpreter::Of(rt);
  vm::FrameEvalHook* hook = interp.frame_eval_hook();
  interp.set_frame_eval_hook(nullptr);
  vm::Value r = vm::Call(rt, h.function, args, vm::KwArgs(h.keywords, kwvalues));
  interp.set_frame_eval_hook(hook);
  if (r.is_raised()) {
    vm::Value exc = rt.FetchException();
    std::string text;
    if (!vm::StrString(rt, exc, &text)) rt.ClearException();
    return PythonError(rt.TypeOf(exc)->name(), text);
  }
  std::vector<tensor::Tensor> out;
  auto take = [&](const vm::Value& v) {
    const tensor::Tensor* t = vm::TensorOfObject(rt, v);
    if (t != nullptr) out.push_back(*t);
    return t != nullptr;
  };
  *single = take(r);
  if (*single) return out;
  const std::vector<vm::Value>* items = nullptr;
  if (rt.IsTuple(r)) items = &r.as<vm::Tuple>()->items;
  if (rt.IsList(r)) items = &r.as<vm::List>()->items;
  bool ok = items != nullptr && !items->empty();
  for (size_t i = 0; ok && i < items->size(); ++i) ok = take((*items)[i]);
  if (!ok) {
    return TypeError(absl::StrCat(h.label, " must return a tensor or a tuple of tensors, not ",
                                  rt.TypeOf(r)->name()));
  }
  return out;
}

tensor::Value AsOpResult(std::vector<tensor::Tensor> ts, bool single) {
  if (single) return tensor::Value(std::move(ts[0]));
  return tensor::Value(std::move(ts));
}

// A zero-filled tensor: what the function runs on while tracing, in place of each tensor.
absl::StatusOr<tensor::Tensor> Zeros(tensor::IntSpan sizes, tensor::DType dtype) {
  absl::StatusOr<tensor::Tensor> z = tensor::Tensor::Empty(sizes, dtype);
  if (z.ok()) std::memset(z->raw_data(), 0, static_cast<size_t>(z->numel()) * z->element_size());
  return z;
}

// Meta tensors with the sizes and dtypes of `ts`.
std::vector<tensor::Tensor> MetasOf(const std::vector<tensor::Tensor>& ts) {
  std::vector<tensor::Tensor> metas;
  for (const tensor::Tensor& t : ts) metas.push_back(tensor::Tensor::Meta(t.sizes(), t.dtype()));
  return metas;
}

// The meta function: the function run on zero-filled tensors of the arguments' sizes,
// once per argument sizes and dtypes.
absl::StatusOr<tensor::Value> RunMeta(GraphOpHolder& h, const tensor::OpArgs& a) {
  const std::string key = ArgsKey(a);
  if (auto it = h.metas.find(key); it != h.metas.end()) {
    return AsOpResult(it->second, h.num_results == 0);
  }
  std::vector<tensor::Value> zeros;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!a[i].is_tensor()) {
      zeros.push_back(a[i]);
      continue;
    }
    ASSIGN_OR_RETURN(tensor::Tensor z, Zeros(a.tensor(i).sizes(), a.tensor(i).dtype()));
    zeros.push_back(tensor::Value(std::move(z)));
  }
  bool single = false;
  absl::StatusOr<std::vector<tensor::Tensor>> out = CallFunction(h, zeros, &single);
  if (!out.ok()) return out.status();
  if (static_cast<int>(out->size()) != std::max(h.num_results, 1) ||
      single != (h.num_results == 0)) {
    return RuntimeError(absl::StrCat(h.label, " returned a different number of tensors"));
  }
  std::vector<tensor::Tensor> metas = MetasOf(*out);
  h.metas[key] = metas;
  return AsOpResult(std::move(metas), single);
}

// The kernel: the function on the real tensors, its results checked against the
// metadata the graph was built with (a later node must never see other sizes).
absl::StatusOr<tensor::Value> RunKernel(GraphOpHolder& h, const tensor::OpArgs& a) {
  const std::string key = ArgsKey(a);
  if (!h.metas.contains(key)) {
    absl::StatusOr<tensor::Value> meta = RunMeta(h, a);
    if (!meta.ok()) return meta.status();
  }
  std::vector<tensor::Value> in(a.size());
  for (size_t i = 0; i < a.size(); ++i) in[i] = a[i];
  bool single = false;
  absl::StatusOr<std::vector<tensor::Tensor>> out = CallFunction(h, in, &single);
  if (!out.ok()) return out.status();
  const std::vector<tensor::Tensor>& want = h.metas[key];
  bool same = out->size() == want.size() && single == (h.num_results == 0);
  for (size_t i = 0; same && i < want.size(); ++i) {
    same = (*out)[i].sizes() == want[i].sizes() && (*out)[i].dtype() == want[i].dtype();
  }
  if (!same) {
    return RuntimeError(absl::StrCat(
        h.label, " returned tensors of other sizes or dtypes than when it was traced; "
        "functions allowed in graph must not depend on their inputs' values"));
  }
  return AsOpResult(*std::move(out), single);
}

// A number argument as the registry holds it.
tensor::Value RegistryNumber(const vm::Value& v) {
  if (v.is_bool()) return tensor::Value(v.as_bool());
  if (v.is_int()) return tensor::Value(v.as_int());
  return tensor::Value(v.as_float());
}

// The holder for `fn` called with `args` (positional, then the keyword arguments named
// `keywords`), made on first use: the function is run once on zeros to learn how many
// tensors it returns.
absl::StatusOr<GraphOpHolder*> HolderFor(Translator& tx, const vm::Value& fn,
                                         const std::vector<VarPtr>& args,
                                         const std::vector<std::string>& keywords) {
  vm::Runtime& rt = tx.state().rt;
  auto* f = fn.as<vm::Function>();
  const size_t num_positional = args.size() - keywords.size();
  std::string shape;
  for (const VarPtr& a : args) shape += a->is_tensor() ? 'T' : 'N';
  vm::Str* key = rt.Intern(
      absl::StrCat("_wick_graph_op_", shape, "_", absl::StrJoin(keywords, "_")));
  if (const vm::Value* existing = f->dict->GetStr(key)) {
    return static_cast<GraphOpHolder*>(existing->object());
  }
  // The type's reference stays with the runtime, which frees it at teardown.
  vm::Type* type = rt.NewBuiltinType("_wick_graph_op", rt.types().object, vm::Layout::kOther);
  vm::Value held = vm::Value::Steal(rt.Alloc<GraphOpHolder>(type));
  auto* h = static_cast<GraphOpHolder*>(held.object());
  h->rt = &rt;
  h->function = fn;
  const std::string name(f->qualname.as<vm::Str>()->view());
  h->label = absl::StrCat("allow_in_graph function '", name, "'");
  h->num_positional = num_positional;
  for (const std::string& k : keywords) h->keywords.push_back(vm::Value::Borrow(rt.Intern(k)));
  std::vector<tensor::Value> zeros;
  std::vector<std::string> params;
  for (size_t i = 0; i < args.size(); ++i) {
    if (i == num_positional) params.push_back("*");
    // Positional parameters get names no keyword argument can take.
    const std::string param =
        i < num_positional ? absl::StrCat("_", i) : keywords[i - num_positional];
    if (!args[i]->is_tensor()) {
      zeros.push_back(RegistryNumber(args[i]->value));
      params.push_back("Scalar " + param);
      continue;
    }
    ASSIGN_OR_RETURN(tensor::Tensor z, Zeros(args[i]->meta.sizes, args[i]->meta.dtype));
    zeros.push_back(tensor::Value(std::move(z)));
    params.push_back("Tensor " + param);
  }
  bool single = false;
  absl::StatusOr<std::vector<tensor::Tensor>> probe = CallFunction(*h, zeros, &single);
  if (!probe.ok()) {
    return tx.Break("Observed exception", std::string(probe.status().message()),
                    absl::StrCat("Calling ", h->label, " on example tensors raised."));
  }
  h->num_results = single ? 0 : static_cast<int>(probe->size());
  h->metas[ArgsKey(tensor::OpArgs(zeros))] = MetasOf(*probe);
  std::vector<std::string> rets(std::max(h->num_results, 1), "Tensor");
  std::string ident;
  for (char c : name) ident += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  absl::StatusOr<tensor::OpSchema> schema = tensor::ParseSchema(absl::StrCat(
      "allow_in_graph::", ident, "(", absl::StrJoin(params, ", "), ") -> ",
      single ? "Tensor" : absl::StrCat("(", absl::StrJoin(rets, ", "), ")")));
  if (!schema.ok()) return schema.status();
  h->def.schema = *std::move(schema);
  h->def.flags.function = false;
  h->def.flags.random = true;  // side effects: never folded, deduplicated or reordered
  h->def.meta = [h](const tensor::OpArgs& a) { return RunMeta(*h, a); };
  h->def.kernel = [h](const tensor::OpArgs& a) { return RunKernel(*h, a); };
  f->dict->SetStr(rt, key, held);
  return h;
}

}  // namespace

bool IsAllowedInGraph(vm::Runtime& rt, const vm::Value& fn) {
  if (rt.TypeOf(fn) != rt.types().function) return false;
  const vm::Dict* d = fn.as<vm::Function>()->dict;
  const vm::Value* flag = d != nullptr ? d->GetStr("_wick_allow_in_graph") : nullptr;
  return flag != nullptr && flag->is_bool() && flag->as_bool();
}

absl::StatusOr<VarPtr> CallAllowedInGraph(Translator& tx, const VarPtr& fn,
                                          std::vector<VarPtr> args,
                                          std::vector<std::pair<std::string, VarPtr>> kwargs) {
  const std::string name(fn->value.as<vm::Function>()->qualname.as<vm::Str>()->view());
  std::vector<std::string> keywords;
  std::vector<VarPtr> all = args;
  for (auto& [k, v] : kwargs) {
    keywords.push_back(k);
    all.push_back(v);
  }
  bool supported = true;
  for (const VarPtr& a : all) {
    const bool number = a->is_constant() && (a->value.is_bool() || a->value.is_int() ||
                                             a->value.is_float());
    supported &= (a->is_tensor() && !a->scalar_item) || number;
  }
  if (!supported) {
    return tx.Break("Unsupported: allow_in_graph call", name,
                    "wick keeps a function allowed in graph as one node only when its "
                    "arguments are tensors and Python numbers.",
                    {"Pass tensors and numbers only, or drop allow_in_graph so the body is "
                     "traced."});
  }
  ASSIGN_OR_RETURN(GraphOpHolder* h, HolderFor(tx, fn->value, all, keywords));
  vm::Runtime& rt = tx.state().rt;
  std::string module = "__main__";
  const vm::Value& m = fn->value.as<vm::Function>()->module;
  if (rt.IsStr(m)) module = std::string(m.as<vm::Str>()->view());
  return CallTensorOp(tx, h->def.schema.name, std::move(args), std::move(kwargs),
                      graph::CallStyle::kFunction,
                      absl::StrCat(module, ".", name), &h->def);
}

}  // namespace wick::frontend::internal
