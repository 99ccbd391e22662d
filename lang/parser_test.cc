// Tests of lang's public API: the tree a compiler walks, literal values, the
// SyntaxError carried by a status and how it renders. Whole-tree and whole-message
// comparisons against CPython are in golden_test.cc.
#include "lang/parser.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "gtest/gtest.h"
#include "lang/internal/literals.h"

namespace wick::lang {
namespace {

std::unique_ptr<Module> MustParse(absl::string_view source) {
  absl::StatusOr<std::unique_ptr<Module>> m = Parse(source, "t.py");
  EXPECT_TRUE(m.ok()) << m.status();
  return m.ok() ? std::move(*m) : nullptr;
}

SyntaxError MustFail(absl::string_view source) {
  absl::StatusOr<std::unique_ptr<Module>> m = Parse(source, "t.py");
  EXPECT_FALSE(m.ok());
  if (m.ok()) return {};
  EXPECT_EQ(m.status().code(), absl::StatusCode::kInvalidArgument);
  std::optional<SyntaxError> e = GetSyntaxError(m.status());
  EXPECT_TRUE(e.has_value()) << m.status();
  return e.value_or(SyntaxError{});
}

const Constant* AssignedConstant(const Module& m, size_t i) {
  const Assign* a = m.body[i]->As<Assign>();
  EXPECT_NE(a, nullptr);
  const Expr* v = a->value;
  if (const UnaryOp* u = v->As<UnaryOp>()) v = u->operand;
  return v->As<Constant>();
}

TEST(Parse, TreeForACompiler) {
  auto m = MustParse("def f(a, *b, c=1, **d):\n    return a.x[0](*b, k=c)\n");
  ASSERT_EQ(m->body.size(), 1u);
  const FunctionDef* f = m->body[0]->As<FunctionDef>();
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->name, "f");
  EXPECT_EQ(f->args->args.size(), 1u);
  EXPECT_EQ(f->args->vararg->arg, "b");
  EXPECT_EQ(f->args->kwonlyargs[0]->arg, "c");
  EXPECT_EQ(f->args->kw_defaults[0]->As<Constant>()->int_value, 1);
  EXPECT_EQ(f->args->kwarg->arg, "d");
  const Return* r = f->body[0]->As<Return>();
  ASSERT_NE(r, nullptr);
  const Call* call = r->value->As<Call>();
  ASSERT_NE(call, nullptr);
  EXPECT_TRUE(call->args[0]->Is<Starred>());
  EXPECT_EQ(call->keywords[0]->arg, "k");
  const Subscript* sub = call->func->As<Subscript>();
  ASSERT_NE(sub, nullptr);
  EXPECT_EQ(sub->value->As<Attribute>()->attr, "x");
  EXPECT_EQ(f->body[0]->loc.line, 2);
  EXPECT_EQ(f->body[0]->loc.col, 4);
  EXPECT_EQ(f->body[0]->loc.end_col, 26);
  EXPECT_EQ(f->loc.end_line, 2);
  SourceLoc loc = f->body[0]->loc.ToSourceLoc(m->filename);
  EXPECT_EQ(loc.ToString(), "t.py:2:5");
}

TEST(Parse, TargetsGetStoreAndDelContexts) {
  auto m = MustParse("a, [b, *c] = d\ndel e[0], f.g\nfor h in i: pass\n");
  const Tuple* t = m->body[0]->As<Assign>()->targets[0]->As<Tuple>();
  EXPECT_EQ(t->ctx, ExprContext::kStore);
  const List* l = t->elts[1]->As<List>();
  EXPECT_EQ(l->ctx, ExprContext::kStore);
  EXPECT_EQ(l->elts[1]->As<Starred>()->ctx, ExprContext::kStore);
  EXPECT_EQ(l->elts[1]->As<Starred>()->value->As<Name>()->ctx, ExprContext::kStore);
  EXPECT_EQ(m->body[0]->As<Assign>()->value->As<Name>()->ctx, ExprContext::kLoad);
  const Delete* d = m->body[1]->As<Delete>();
  EXPECT_EQ(d->targets[0]->As<Subscript>()->ctx, ExprContext::kDel);
  EXPECT_EQ(d->targets[0]->As<Subscript>()->value->As<Name>()->ctx, ExprContext::kLoad);
  EXPECT_EQ(d->targets[1]->As<Attribute>()->ctx, ExprContext::kDel);
  EXPECT_EQ(m->body[2]->As<For>()->target->As<Name>()->ctx, ExprContext::kStore);
}

TEST(Parse, IntegerLiterals) {
  auto m = MustParse(
      "a = 9223372036854775807\nb = 9223372036854775808\nc = 0xFFFF_FFFF_FFFF_FFFF_FF\n"
      "d = -9223372036854775808\ne = 0b101\nf = 0o777\ng = 1_000\n");
  EXPECT_EQ(AssignedConstant(*m, 0)->value_kind, ConstantKind::kInt);
  EXPECT_EQ(AssignedConstant(*m, 0)->int_value, INT64_MAX);
  EXPECT_EQ(AssignedConstant(*m, 1)->value_kind, ConstantKind::kBigInt);
  EXPECT_EQ(AssignedConstant(*m, 1)->str_value, "9223372036854775808");
  EXPECT_EQ(AssignedConstant(*m, 2)->str_value, "4722366482869645213695");
  // The sign is an operator: the literal itself overflows int64.
  EXPECT_TRUE(m->body[3]->As<Assign>()->value->Is<UnaryOp>());
  EXPECT_EQ(AssignedConstant(*m, 3)->value_kind, ConstantKind::kBigInt);
  EXPECT_EQ(AssignedConstant(*m, 4)->int_value, 5);
  EXPECT_EQ(AssignedConstant(*m, 5)->int_value, 511);
  EXPECT_EQ(AssignedConstant(*m, 6)->int_value, 1000);
}

TEST(Parse, FloatAndComplexLiterals) {
  auto m = MustParse("a = 1e-3\nb = .5\nc = 5.\nd = 1e400\ne = 2.5j\nf = 1_0.5\n");
  EXPECT_EQ(AssignedConstant(*m, 0)->float_value, 1e-3);
  EXPECT_EQ(AssignedConstant(*m, 1)->float_value, 0.5);
  EXPECT_EQ(AssignedConstant(*m, 2)->float_value, 5.0);
  EXPECT_TRUE(std::isinf(AssignedConstant(*m, 3)->float_value));
  EXPECT_EQ(AssignedConstant(*m, 4)->value_kind, ConstantKind::kComplex);
  EXPECT_EQ(AssignedConstant(*m, 4)->float_value, 2.5);
  EXPECT_EQ(AssignedConstant(*m, 5)->float_value, 10.5);
}

TEST(Parse, StringLiteralValues) {
  auto m = MustParse(
      "a = 'a\\tb\\x41\\u00e9\\U0001F600\\101\\q'\nb = r'\\n'\nc = b'\\xff\\n'\n"
      "d = 'x' \"y\" '''z'''\ne = 'line\\\ncont'\n");
  EXPECT_EQ(AssignedConstant(*m, 0)->str_value, "a\tbA\xC3\xA9\xF0\x9F\x98\x80" "A\\q");
  EXPECT_EQ(AssignedConstant(*m, 1)->str_value, "\\n");
  EXPECT_EQ(AssignedConstant(*m, 2)->value_kind, ConstantKind::kBytes);
  EXPECT_EQ(AssignedConstant(*m, 2)->str_value, "\xff\n");
  EXPECT_EQ(AssignedConstant(*m, 3)->str_value, "xyz");
  EXPECT_EQ(AssignedConstant(*m, 4)->str_value, "linecont");
}

TEST(Parse, FStringParts) {
  auto m = MustParse("x = f'a{b!r:>{w}}c{d=}'\n");
  const JoinedStr* j = m->body[0]->As<Assign>()->value->As<JoinedStr>();
  ASSERT_NE(j, nullptr);
  ASSERT_EQ(j->values.size(), 4u);
  EXPECT_EQ(j->values[0]->As<Constant>()->str_value, "a");
  const FormattedValue* b = j->values[1]->As<FormattedValue>();
  EXPECT_EQ(b->conversion, 'r');
  EXPECT_EQ(b->value->As<Name>()->id, "b");
  const JoinedStr* spec = b->format_spec->As<JoinedStr>();
  EXPECT_EQ(spec->values[0]->As<Constant>()->str_value, ">");
  EXPECT_EQ(spec->values[1]->As<FormattedValue>()->value->As<Name>()->id, "w");
  // `{d=}` prints its text before the value, and defaults to repr.
  EXPECT_EQ(j->values[2]->As<Constant>()->str_value, "cd=");
  EXPECT_EQ(j->values[3]->As<FormattedValue>()->conversion, 'r');
  // The field's expression keeps its real position in the file.
  EXPECT_EQ(b->value->loc.col, 8);
}

TEST(Parse, ModuleKeepsNormalizedSource) {
  auto m = MustParse("x = 1\r\ny = 2");
  EXPECT_EQ(m->source, "x = 1\ny = 2\n");
  EXPECT_EQ(m->Line(2), "y = 2");
  EXPECT_EQ(m->Line(3), "");
  EXPECT_EQ(m->body.size(), 2u);
}

TEST(Parse, DumpIsDeterministic) {
  const char* src = "class A(B):\n    def f(self, *a, **k):\n        return [x for x in a]\n";
  EXPECT_EQ(DumpAst(*MustParse(src)), DumpAst(*MustParse(src)));
}

TEST(SyntaxErrors, StatusCarriesPythonTypeAndFields) {
  absl::StatusOr<std::unique_ptr<Module>> m = Parse("if x:\npass\n", "t.py");
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(PythonErrorType(m.status()), "IndentationError");
  EXPECT_EQ(m.status().message(), "expected an indented block after 'if' statement on line 1");
  std::optional<SyntaxError> e = GetSyntaxError(m.status());
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->type, SyntaxError::Type::kIndentationError);
  EXPECT_EQ(e->filename, "t.py");
  EXPECT_EQ(e->line, 2);
  EXPECT_EQ(e->offset, 1);
  EXPECT_EQ(e->text, "pass");
  EXPECT_FALSE(GetSyntaxError(absl::InvalidArgumentError("x")).has_value());
}

TEST(SyntaxErrors, TabErrorType) {
  SyntaxError e = MustFail("if x:\n\ta\n        b\n");
  EXPECT_EQ(e.type, SyntaxError::Type::kTabError);
  EXPECT_EQ(e.TypeName(), "TabError");
}

TEST(SyntaxErrors, RenderLikeCPython) {
  SyntaxError e;
  e.filename = "x.py";
  e.line = 3;
  e.text = "    if x";
  e.offset = 9;
  e.end_line = 3;
  e.end_offset = 10;
  e.message = "expected ':'";
  EXPECT_EQ(e.Render(),
            "  File \"x.py\", line 3\n    if x\n        ^\nSyntaxError: expected ':'\n");
  // A range spanning lines is underlined to the end of the first one.
  e.offset = 8;
  e.end_line = 4;
  e.end_offset = 2;
  EXPECT_EQ(e.Render(),
            "  File \"x.py\", line 3\n    if x\n       ^\nSyntaxError: expected ':'\n");
  e.offset = 5;
  EXPECT_EQ(e.Render(),
            "  File \"x.py\", line 3\n    if x\n    ^^^^\nSyntaxError: expected ':'\n");
  // SyntaxError subclasses get one caret; an offset left of the text gets none.
  e.type = SyntaxError::Type::kIndentationError;
  e.offset = 2;
  EXPECT_EQ(e.Render(), "  File \"x.py\", line 3\n    if x\nIndentationError: expected ':'\n");
  // Without a line only the message is printed.
  e.line = 0;
  EXPECT_EQ(e.Render(), "IndentationError: expected ':'\n");
}

TEST(SyntaxErrors, StatusRoundTripKeepsEveryField) {
  SyntaxError e;
  e.type = SyntaxError::Type::kTabError;
  e.message = "m";
  e.filename = "dir/f.py";
  e.line = 7;
  e.offset = 3;
  e.end_line = 8;
  e.end_offset = -1;
  e.text = "  text with 'quotes'";
  std::optional<SyntaxError> back = GetSyntaxError(e.ToStatus());
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->Render(), e.Render());
  EXPECT_EQ(back->end_line, 8);
  EXPECT_EQ(back->end_offset, -1);
  EXPECT_EQ(back->type, SyntaxError::Type::kTabError);
}

TEST(SyntaxErrors, UndecodableSourceAndNullBytes) {
  SyntaxError e = MustFail("x = 1\ny = '\xff'\n");
  EXPECT_EQ(e.Render(),
            "SyntaxError: Non-UTF-8 code starting with '\\xff' in file t.py on line 2, but "
            "no encoding declared; see https://peps.python.org/pep-0263/ for details\n");
  e = MustFail(absl::string_view("x = 1\ny = '\0'\n", 14));
  EXPECT_EQ(e.message, "source code cannot contain null bytes");
  EXPECT_EQ(e.line, 2);
}

TEST(SyntaxErrors, CompilerChecksRunAfterParsing) {
  EXPECT_EQ(MustFail("def f():\n    x = (\nreturn 1\n").message, "'(' was never closed");
  EXPECT_EQ(MustFail("return 1\nx = (1 2)\n").message,
            "invalid syntax. Perhaps you forgot a comma?");
  EXPECT_EQ(MustFail("nonlocal x\nreturn 1\n").message,
            "nonlocal declaration not allowed at module level");
  EXPECT_EQ(MustFail("return 1\nnonlocal x\n").message,
            "nonlocal declaration not allowed at module level");
}

TEST(SyntaxErrors, DeepNestingIsAnErrorNotACrash) {
  std::string unary = "x = " + std::string(100000, '-') + "1\n";
  EXPECT_EQ(MustFail(unary).message,
            "Parser stack overflowed - Python source too complex to parse");
  std::string parens = "x = " + std::string(300, '(') + "1" + std::string(300, ')') + "\n";
  EXPECT_EQ(MustFail(parens).message, "too many nested parentheses");
  std::string nots;
  for (int i = 0; i < 10000; ++i) nots += "not ";
  EXPECT_FALSE(Parse("x = " + nots + "y\n", "t.py").ok());
  std::string powers = "x = 2";
  for (int i = 0; i < 10000; ++i) powers += " ** 2";
  EXPECT_FALSE(Parse(powers + "\n", "t.py").ok());
  // A long left-associative chain parses iteratively but makes a deep tree: CPython
  // compiles 2900 terms and refuses 10000.
  std::string ok_sum = "x = 1";
  for (int i = 0; i < 2900; ++i) ok_sum += " + 1";
  std::unique_ptr<Module> deep = MustParse(ok_sum + "\n");
  EXPECT_FALSE(DumpAst(*deep).empty());
  std::string sum = "x = 1";
  for (int i = 0; i < 10000; ++i) sum += " + 1";
  EXPECT_EQ(MustFail(sum + "\n").message,
            "maximum recursion depth exceeded during compilation");
  std::string elifs = "if a: pass\n";
  for (int i = 0; i < 2000; ++i) elifs += "elif a: pass\n";
  EXPECT_TRUE(Parse(elifs, "t.py").ok());
  for (int i = 0; i < 18000; ++i) elifs += "elif a: pass\n";
  EXPECT_EQ(MustFail(elifs).message, "maximum recursion depth exceeded during compilation");
}

TEST(Literals, FloatRepr) {
  using internal::FloatRepr;
  EXPECT_EQ(FloatRepr(1.0), "1.0");
  EXPECT_EQ(FloatRepr(0.1), "0.1");
  EXPECT_EQ(FloatRepr(1e16), "1e+16");
  EXPECT_EQ(FloatRepr(1e15), "1000000000000000.0");
  EXPECT_EQ(FloatRepr(1e-5), "1e-05");
  EXPECT_EQ(FloatRepr(0.0001), "0.0001");
  EXPECT_EQ(FloatRepr(-2.5e-7), "-2.5e-07");
  EXPECT_EQ(FloatRepr(123456789012345678.0), "1.2345678901234568e+17");
  EXPECT_EQ(FloatRepr(-0.0), "-0.0");
  EXPECT_EQ(FloatRepr(1.0 / 0.0), "inf");
}

}  // namespace
}  // namespace wick::lang
