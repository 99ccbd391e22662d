// Parse: reads the Dump text form back into a Graph (grammar at Dump() in graph.h).
// Nodes go through GraphBuilder, so call metadata is recomputed by the meta functions
// and the result is verified; names are then restored to the dumped ones.
#include <cctype>
#include <cmath>
#include <cstdlib>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "base/status_macros.h"
#include "graph/graph.h"
#include "graph/internal/dump_format.h"
#include "tensor/op_registry.h"

namespace wick::graph {
namespace {

using tensor::Value;

struct Token {
  enum Kind { kWord, kNumber, kString, kPunct, kEnd } kind = kEnd;
  std::string text;
};

bool IsWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; }

// Splits one line into tokens; `#` outside a string ends the line.
absl::StatusOr<std::vector<Token>> Lex(absl::string_view line) {
  std::vector<Token> out;
  size_t i = 0;
  while (i < line.size()) {
    const char c = line[i];
    if (c == ' ' || c == '\t' || c == '\r') {
      ++i;
    } else if (c == '#') {
      break;
    } else if (c == '"') {
      std::string s;
      ++i;
      while (i < line.size() && line[i] != '"') {
        if (line[i] == '\\' && i + 1 < line.size()) {
          const char e = line[++i];
          s.push_back(e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e);
        } else {
          s.push_back(line[i]);
        }
        ++i;
      }
      if (i == line.size()) return absl::InvalidArgumentError("unterminated string");
      ++i;
      out.push_back({Token::kString, std::move(s)});
    } else if (std::isdigit(static_cast<unsigned char>(c)) ||
               (c == '-' && i + 1 < line.size() &&
                (std::isdigit(static_cast<unsigned char>(line[i + 1])) || line[i + 1] == 'i'))) {
      size_t j = i + 1;
      while (j < line.size() && (IsWordChar(line[j]) || ((line[j] == '-' || line[j] == '+') &&
                                                         (line[j - 1] == 'e')))) {
        ++j;
      }
      out.push_back({Token::kNumber, std::string(line.substr(i, j - i))});
      i = j;
    } else if (IsWordChar(c)) {
      size_t j = i;
      while (j < line.size() && IsWordChar(line[j])) ++j;
      out.push_back({Token::kWord, std::string(line.substr(i, j - i))});
      i = j;
    } else {
      out.push_back({Token::kPunct, std::string(1, c)});
      ++i;
    }
  }
  out.push_back({Token::kEnd, ""});
  return out;
}

class LineParser {
 public:
  LineParser(std::vector<Token> tokens, const absl::flat_hash_map<std::string, NodeId>& names)
      : toks_(std::move(tokens)), names_(names) {}

  const Token& Peek() const { return toks_[pos_]; }
  bool AtPunct(absl::string_view p) const {
    return Peek().kind == Token::kPunct && Peek().text == p;
  }
  bool AtEnd() const { return Peek().kind == Token::kEnd; }
  Token Next() { return toks_[pos_ < toks_.size() - 1 ? pos_++ : pos_]; }
  absl::Status Expect(absl::string_view p);
  absl::StatusOr<std::string> Word();
  absl::StatusOr<std::string> String();
  absl::StatusOr<int64_t> Int();
  absl::StatusOr<ValueRef> Ref();
  absl::StatusOr<Value> Constant();
  absl::StatusOr<Arg> ParseArg();
  absl::StatusOr<TensorMeta> Meta();
  absl::StatusOr<std::vector<int64_t>> IntList();
  absl::StatusOr<NodeOrigin> Origin();
  absl::StatusOr<std::vector<Arg>> ArgList();  // `(a, b)` after the `(`
  absl::StatusOr<Spelling> SpellingAfterTilde();

 private:
  absl::Status Error(absl::string_view what) const {
    return absl::InvalidArgumentError(
        absl::StrCat("expected ", what, ", found '", Peek().text, "'"));
  }
  std::vector<Token> toks_;
  size_t pos_ = 0;
  const absl::flat_hash_map<std::string, NodeId>& names_;
};

absl::Status LineParser::Expect(absl::string_view p) {
  if (!AtPunct(p)) return Error(absl::StrCat("'", p, "'"));
  Next();
  return absl::OkStatus();
}

absl::StatusOr<std::string> LineParser::Word() {
  if (Peek().kind != Token::kWord) return Error("a name");
  return Next().text;
}

absl::StatusOr<std::string> LineParser::String() {
  if (Peek().kind != Token::kString) return Error("a string");
  return Next().text;
}

absl::StatusOr<int64_t> LineParser::Int() {
  int64_t v = 0;
  if (Peek().kind != Token::kNumber || !absl::SimpleAtoi(Peek().text, &v)) return Error("an int");
  Next();
  return v;
}

absl::StatusOr<ValueRef> LineParser::Ref() {
  RETURN_IF_ERROR(Expect("%"));
  ASSIGN_OR_RETURN(std::string word, Word());
  ValueRef r;
  std::string name = word;
  if (size_t dot = word.find('.'); dot != std::string::npos) {
    name = word.substr(0, dot);
    if (!absl::SimpleAtoi(word.substr(dot + 1), &r.index)) {
      return absl::InvalidArgumentError(absl::StrCat("bad element index in %", word));
    }
  }
  auto it = names_.find(name);
  if (it == names_.end()) return absl::InvalidArgumentError(absl::StrCat("unknown value %", name));
  r.node = it->second;
  return r;
}

absl::StatusOr<std::vector<int64_t>> LineParser::IntList() {
  RETURN_IF_ERROR(Expect("["));
  std::vector<int64_t> xs;
  while (!AtPunct("]")) {
    ASSIGN_OR_RETURN(int64_t x, Int());
    xs.push_back(x);
    if (!AtPunct("]")) RETURN_IF_ERROR(Expect(","));
  }
  Next();
  return xs;
}

absl::StatusOr<Value> ParseNumber(const std::string& text) {
  int64_t i = 0;
  if (absl::SimpleAtoi(text, &i)) return Value(i);
  double d = 0;
  if (text == "inf" || text == "-inf" || text == "nan") {
    return Value(text == "nan" ? std::nan("") : text == "inf" ? HUGE_VAL : -HUGE_VAL);
  }
  if (absl::SimpleAtod(text, &d)) return Value(d);
  return absl::InvalidArgumentError(absl::StrCat("bad number '", text, "'"));
}

absl::StatusOr<Value> LineParser::Constant() {
  const Token t = Peek();
  if (t.kind == Token::kString) {
    Next();
    return Value(t.text);
  }
  if (t.kind == Token::kNumber) {
    Next();
    return ParseNumber(t.text);
  }
  if (t.kind == Token::kWord) {
    Next();
    if (t.text == "None") return Value();
    if (t.text == "True" || t.text == "False") return Value(t.text == "True");
    if (t.text == "inf" || t.text == "nan") return ParseNumber(t.text);
    if (t.text.rfind("torch.", 0) == 0) {
      if (auto d = tensor::DTypeFromName(t.text.substr(6))) return Value(*d);
    }
    if (t.text == "float" && AtPunct("[")) {
      Next();
      std::vector<double> xs;
      while (!AtPunct("]")) {
        const Token n = Next();
        ASSIGN_OR_RETURN(Value v, ParseNumber(n.text));
        xs.push_back(v.to_double());
        if (!AtPunct("]")) RETURN_IF_ERROR(Expect(","));
      }
      Next();
      return Value(std::move(xs));
    }
    return absl::InvalidArgumentError(absl::StrCat("unknown constant '", t.text, "'"));
  }
  if (AtPunct("[")) {
    ASSIGN_OR_RETURN(std::vector<int64_t> xs, IntList());
    return Value(std::move(xs));
  }
  return Error("a constant");
}

absl::StatusOr<Arg> LineParser::ParseArg() {
  if (AtPunct("%")) {
    ASSIGN_OR_RETURN(ValueRef r, Ref());
    return Arg::Ref(r);
  }
  if (AtPunct("{")) {
    Next();
    std::vector<ValueRef> refs;
    while (!AtPunct("}")) {
      if (Peek().kind == Token::kWord && Peek().text == "None") {
        Next();
        refs.push_back(kNoneRef);
      } else {
        ASSIGN_OR_RETURN(ValueRef r, Ref());
        refs.push_back(r);
      }
      if (!AtPunct("}")) RETURN_IF_ERROR(Expect(","));
    }
    Next();
    return Arg::RefList(std::move(refs));
  }
  if (Peek().kind == Token::kWord && Peek().text == "py" &&
      toks_[pos_ + 1].kind == Token::kString) {
    Next();
    return Arg::Literal(Next().text);
  }
  ASSIGN_OR_RETURN(Value v, Constant());
  return Arg::Constant(std::move(v));
}

absl::StatusOr<std::vector<Arg>> LineParser::ArgList() {
  std::vector<Arg> args;
  while (!AtPunct(")")) {
    ASSIGN_OR_RETURN(Arg a, ParseArg());
    args.push_back(std::move(a));
    if (!AtPunct(")")) RETURN_IF_ERROR(Expect(","));
  }
  Next();
  return args;
}

absl::StatusOr<TensorMeta> LineParser::Meta() {
  ASSIGN_OR_RETURN(std::string abbr, Word());
  static const auto* kAbbrs = new absl::flat_hash_map<std::string, tensor::DType>{
      {"f32", tensor::DType::kFloat32}, {"f64", tensor::DType::kFloat64},
      {"i64", tensor::DType::kInt64},   {"i32", tensor::DType::kInt32},
      {"b8", tensor::DType::kBool}};
  auto it = kAbbrs->find(abbr);
  if (it == kAbbrs->end()) return absl::InvalidArgumentError(absl::StrCat("bad dtype ", abbr));
  TensorMeta m;
  m.dtype = it->second;
  ASSIGN_OR_RETURN(m.sizes, IntList());
  ASSIGN_OR_RETURN(m.strides, IntList());
  ASSIGN_OR_RETURN(std::string device, Word());
  if (device != "cpu") return absl::InvalidArgumentError(absl::StrCat("bad device ", device));
  if (Peek().kind == Token::kWord && Peek().text == "requires_grad") {
    Next();
    m.requires_grad = true;
  }
  return m;
}

absl::StatusOr<NodeOrigin> LineParser::Origin() {
  NodeOrigin o;
  ASSIGN_OR_RETURN(o.file, String());
  RETURN_IF_ERROR(Expect(":"));
  ASSIGN_OR_RETURN(int64_t line, Int());
  o.line = static_cast<int32_t>(line);
  ASSIGN_OR_RETURN(o.function, String());
  ASSIGN_OR_RETURN(o.code, String());
  return o;
}

absl::StatusOr<Spelling> LineParser::SpellingAfterTilde() {
  Spelling sp;
  ASSIGN_OR_RETURN(std::string style, Word());
  if (style == "op") {
    sp.style = CallStyle::kOperator;
  } else if (style == "fn") {
    sp.style = CallStyle::kFunction;
  } else if (style == "method") {
    sp.style = CallStyle::kMethod;
  } else {
    return absl::InvalidArgumentError(absl::StrCat("bad call style ", style));
  }
  ASSIGN_OR_RETURN(sp.target, Word());
  RETURN_IF_ERROR(Expect("("));
  while (!AtPunct(")")) {
    // `key=value` is a keyword argument; anything else positional.
    if (Peek().kind == Token::kWord && toks_[pos_ + 1].kind == Token::kPunct &&
        toks_[pos_ + 1].text == "=") {
      std::string key = Next().text;
      Next();
      ASSIGN_OR_RETURN(Arg a, ParseArg());
      sp.kwargs.emplace_back(std::move(key), std::move(a));
    } else {
      ASSIGN_OR_RETURN(Arg a, ParseArg());
      sp.args.push_back(std::move(a));
    }
    if (!AtPunct(")")) RETURN_IF_ERROR(Expect(","));
  }
  Next();
  return sp;
}

// Builds a Graph from the node lines, one at a time.
class GraphParser {
 public:
  explicit GraphParser(std::string name) : builder_(std::move(name)) {}
  absl::Status Line(absl::string_view text);
  absl::StatusOr<Graph> Finish() &&;

 private:
  absl::Status NodeLine(LineParser& p);
  absl::Status ReturnLine(LineParser& p);
  absl::StatusOr<NodeId> Placeholder(LineParser& p);
  absl::StatusOr<NodeId> GetAttr(LineParser& p);
  absl::StatusOr<NodeId> Call(LineParser& p, const std::string& op_name);

  GraphBuilder builder_;
  absl::flat_hash_map<std::string, NodeId> names_;
  std::vector<std::string> dumped_names_;
  bool has_output_ = false;
};

absl::Status GraphParser::Line(absl::string_view text) {
  ASSIGN_OR_RETURN(std::vector<Token> toks, Lex(text));
  LineParser p(std::move(toks), names_);
  if (p.AtEnd()) return absl::OkStatus();
  if (p.AtPunct("%")) return NodeLine(p);
  if (p.Peek().kind == Token::kWord && p.Peek().text == "return") return ReturnLine(p);
  return absl::InvalidArgumentError(absl::StrCat("unexpected '", p.Peek().text, "'"));
}

absl::Status GraphParser::NodeLine(LineParser& p) {
  p.Next();
  ASSIGN_OR_RETURN(std::string name, p.Word());
  if (names_.contains(name)) return absl::InvalidArgumentError(absl::StrCat("%", name, " redefined"));
  RETURN_IF_ERROR(p.Expect("="));
  ASSIGN_OR_RETURN(std::string head, p.Word());
  absl::StatusOr<NodeId> id = head == "placeholder" ? Placeholder(p)
                              : head == "get_attr"  ? GetAttr(p)
                                                    : Call(p, head);
  RETURN_IF_ERROR(id.status());
  if (!p.AtEnd()) return absl::InvalidArgumentError(absl::StrCat("trailing '", p.Peek().text, "'"));
  names_[name] = *id;
  dumped_names_.push_back(std::move(name));
  return absl::OkStatus();
}

absl::StatusOr<NodeId> GraphParser::Placeholder(LineParser& p) {
  ASSIGN_OR_RETURN(std::string target, p.Word());
  ASSIGN_OR_RETURN(std::string source, p.String());
  RETURN_IF_ERROR(p.Expect(":"));
  ASSIGN_OR_RETURN(TensorMeta meta, p.Meta());
  return builder_.AddPlaceholder(std::move(target), std::move(source), std::move(meta));
}

absl::StatusOr<NodeId> GraphParser::GetAttr(LineParser& p) {
  ASSIGN_OR_RETURN(std::string target, p.Word());
  RETURN_IF_ERROR(p.Expect(":"));
  ASSIGN_OR_RETURN(TensorMeta meta, p.Meta());
  RETURN_IF_ERROR(p.Expect("="));
  RETURN_IF_ERROR(p.Expect("["));
  ASSIGN_OR_RETURN(tensor::Tensor t, tensor::Tensor::Empty(meta.sizes, meta.dtype));
  int64_t i = 0;
  while (!p.AtPunct("]")) {
    ASSIGN_OR_RETURN(Value v, p.Constant());
    if (i >= t.numel() || !v.is_scalar()) {
      return absl::InvalidArgumentError("get_attr data does not match its shape");
    }
    const tensor::Scalar s = v.to_scalar();
    tensor::VisitDType(meta.dtype, [&]<typename T>() { t.data<T>()[i] = s.to<T>(); });
    ++i;
    if (!p.AtPunct("]")) RETURN_IF_ERROR(p.Expect(","));
  }
  p.Next();
  if (i != t.numel()) return absl::InvalidArgumentError("get_attr data does not match its shape");
  t.set_requires_grad(meta.requires_grad);
  return builder_.AddGetAttr(std::move(target), std::move(t));
}

absl::StatusOr<NodeId> GraphParser::Call(LineParser& p, const std::string& op_name) {
  const tensor::OpDef* op = tensor::OpRegistry::Global().Find(op_name);
  if (op == nullptr) return absl::InvalidArgumentError(absl::StrCat("unknown op ", op_name));
  RETURN_IF_ERROR(p.Expect("("));
  ASSIGN_OR_RETURN(std::vector<Arg> args, p.ArgList());
  Spelling spelling;
  if (p.AtPunct("~")) {
    p.Next();
    ASSIGN_OR_RETURN(spelling, p.SpellingAfterTilde());
  }
  NodeOrigin origin;
  if (p.AtPunct("@")) {
    p.Next();
    ASSIGN_OR_RETURN(origin, p.Origin());
  }
  return builder_.AddCall(op, std::move(args), std::move(spelling), std::move(origin));
}

absl::Status GraphParser::ReturnLine(LineParser& p) {
  p.Next();
  std::vector<ValueRef> outs;
  while (!p.AtEnd()) {
    ASSIGN_OR_RETURN(ValueRef r, p.Ref());
    outs.push_back(r);
    if (!p.AtEnd()) RETURN_IF_ERROR(p.Expect(","));
  }
  builder_.SetOutput(std::move(outs));
  dumped_names_.push_back("output");
  has_output_ = true;
  return absl::OkStatus();
}

absl::StatusOr<Graph> GraphParser::Finish() && {
  if (!has_output_) return absl::InvalidArgumentError("graph without a return line");
  ASSIGN_OR_RETURN(Graph g, std::move(builder_).Finish());
  for (size_t i = 0; i < dumped_names_.size(); ++i) g.mutable_nodes()[i].name = dumped_names_[i];
  RETURN_IF_ERROR(Verify(g));
  return g;
}

}  // namespace

absl::StatusOr<Graph> Parse(absl::string_view text) {
  std::vector<absl::string_view> lines = absl::StrSplit(text, '\n');
  size_t i = 0;
  while (i < lines.size() && absl::StripAsciiWhitespace(lines[i]).empty()) ++i;
  std::vector<absl::string_view> head = absl::StrSplit(
      absl::StripAsciiWhitespace(i < lines.size() ? lines[i] : ""), ' ', absl::SkipEmpty());
  if (head.size() != 3 || head[0] != "graph" || head[2] != "{") {
    return absl::InvalidArgumentError("line 1: expected 'graph NAME {'");
  }
  GraphParser parser{std::string(head[1])};
  for (++i; i < lines.size(); ++i) {
    absl::string_view line = absl::StripAsciiWhitespace(lines[i]);
    if (line == "}") return std::move(parser).Finish();
    if (absl::Status s = parser.Line(line); !s.ok()) {
      return absl::InvalidArgumentError(absl::StrCat("line ", i + 1, ": ", s.message()));
    }
  }
  return absl::InvalidArgumentError("missing closing '}'");
}

}  // namespace wick::graph
