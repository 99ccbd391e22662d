// Call arguments and def/lambda parameters, with CPython 3.11's messages for their
// misuse (invalid_arguments, invalid_kwarg, invalid_parameters, invalid_star_etc, ...).
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "lang/internal/parser.h"

namespace wick::lang::internal {
namespace {

SourceRange TokenRange(const Token& t) { return {t.line, t.col, t.end_line, t.end_col}; }

// _PyPegen_get_last_comprehension_item: where a generator expression ends.
const SourceRange& LastComprehensionItem(const std::vector<Comprehension*>& gens) {
  const Comprehension* c = gens.back();
  return c->ifs.empty() ? c->iter->loc : c->ifs.back()->loc;
}

}  // namespace

// primary '(' [arguments] ')' | primary genexp
Expr* Parser::CallSuffix(size_t start, Expr* func) {
  std::vector<Expr*> args;
  std::vector<Keyword*> keywords;
  Expr* genexp = nullptr;
  if (!CallArguments(&args, &keywords, &genexp)) return nullptr;
  Call* c = New<Call>(Span(start));
  c->func = func;
  if (genexp != nullptr) args.push_back(genexp);
  c->args = MakeList(args);
  c->keywords = MakeList(keywords);
  return c;
}

// arguments -> args [','] &')' | invalid_arguments
// args -> ','.(starred_expression | (assignment_expression | expression !':=') !'=')+
//         [',' kwargs] | kwargs
// kwargs -> ','.kwarg_or_starred+ ',' ','.kwarg_or_double_starred+
//     | ','.kwarg_or_starred+ | ','.kwarg_or_double_starred+
// kwarg_or_starred -> invalid_kwarg | NAME '=' expression | starred_expression
// kwarg_or_double_starred -> invalid_kwarg | NAME '=' expression | '**' expression
bool Parser::CallArguments(std::vector<Expr*>* args, std::vector<Keyword*>* keywords,
                           Expr** sole_genexp) {
  size_t open = pos_;
  Advance();
  size_t first_arg = pos_;
  size_t prev_arg_end = pos_;  // the last token of the previous argument
  bool seen_keyword = false;
  bool seen_double_star = false;
  int count = 0;
  while (!At(Tok::kRPar)) {
    size_t start = pos_;
    ++count;
    if (At(Tok::kStar)) {
      Advance();
      size_t value_start = pos_;
      if (seen_double_star && CheckInvalid()) {
        // invalid_arguments: a=args ',' '*'
        const Token& a = tokens_[first_arg];
        const Token& b = tokens_[prev_arg_end];
        return RaiseAt({a.line, a.col, b.end_line, b.end_col},
                       "iterable argument unpacking follows keyword argument unpacking"),
               false;
      }
      Expr* value = Expression();
      if (value == nullptr) {
        // invalid_arguments: a=args ',' '*' when nothing after the '*' parses (a PEG
        // parser takes `*x` from `*x@`, and fails later).
        bool nothing = false;
        if (!hard_error() && CheckInvalid() && count > 1) {
          Mark m = Save();
          pos_ = value_start;
          ++speculating_;
          nothing = Expression() == nullptr;
          --speculating_;
          if (hard_error()) return false;
          Rewind(m);
        }
        if (nothing) {
          const Token& a = tokens_[first_arg];
          const Token& b = tokens_[prev_arg_end];
          return RaiseAt({a.line, a.col, b.end_line, b.end_col},
                         "iterable argument unpacking follows keyword argument unpacking"),
                 false;
        }
        return false;
      }
      Starred* s = New<Starred>(Span(start));
      s->value = value;
      args->push_back(s);
    } else if (At(Tok::kDoubleStar)) {
      Advance();
      Expr* value = Expression();
      if (value == nullptr) return false;
      Keyword* k = module_->arena.New<Keyword>();
      k->value = value;
      k->loc = Span(start);
      keywords->push_back(k);
      seen_double_star = true;
    } else if ((At(Tok::kTrue) || At(Tok::kFalse) || At(Tok::kNone)) &&
               Kind(1) == Tok::kEqual && CheckInvalid()) {
      // invalid_kwarg: a=('True'|'False'|'None') b='='
      const Token& a = Peek();
      const Token& b = Peek(1);
      return RaiseRange(TokenRange(a), TokenRange(b),
                        absl::StrCat("cannot assign to ", a.text)),
             false;
    } else if (At(Tok::kName) && Kind(1) == Tok::kEqual) {
      const Token& name = Advance();
      const Token& equal = Advance();
      Expr* value = Expression();
      if (value == nullptr) return false;
      if (AtComprehension() && CheckInvalid()) {
        // invalid_kwarg: a=NAME b='=' expression for_if_clauses
        return RaiseRange(TokenRange(name), TokenRange(equal),
                          "invalid syntax. Maybe you meant '==' or ':=' instead of '='?"),
               false;
      }
      Keyword* k = module_->arena.New<Keyword>();
      k->arg = name.text;
      k->value = value;
      k->loc = Span(start);
      keywords->push_back(k);
      seen_keyword = true;
    } else {
      // (assignment_expression | expression !':=') !'='
      Expr* e = nullptr;
      if (At(Tok::kName) && Kind(1) == Tok::kColonEqual) {
        e = NamedExpression();
      } else {
        e = Expression();
        if (e != nullptr && At(Tok::kColonEqual)) return Fail(), false;
      }
      if (e == nullptr) return false;
      if (At(Tok::kEqual)) {
        // invalid_kwarg: !(NAME '=') a=expression b='='
        if (!CheckInvalid()) return Fail(), false;
        return RaiseRange(e->loc, TokenRange(Peek()),
                          "expression cannot contain assignment, perhaps you meant "
                          "\"==\"?"),
               false;
      }
      if (AtComprehension()) {
        std::vector<Comprehension*> generators;
        if (!ForIfClauses(&generators)) return false;
        if (count == 1 && At(Tok::kRPar)) {
          // A generator expression as the sole argument takes the call's parentheses.
          Advance();
          GeneratorExp* g = New<GeneratorExp>(Span(open));
          g->elt = e;
          g->generators = MakeList(generators);
          *sole_genexp = g;
          return true;
        }
        // invalid_arguments: a=expression b=for_if_clauses ',' [args | ...]
        //     | args ',' a=expression b=for_if_clauses
        if (!CheckInvalid() || (count == 1 && !At(Tok::kComma))) return Fail(), false;
        if (At(Tok::kComma)) {
          // CPython parses the arguments after the ',' first; errors there come first.
          Mark m = Save();
          Advance();
          ++speculating_;
          while (!At(Tok::kRPar)) {
            if (At(Tok::kStar) || At(Tok::kDoubleStar)) Advance();
            if (At(Tok::kName) && Kind(1) == Tok::kEqual) {
              Advance();
              Advance();
            }
            if (Expression() == nullptr || !Accept(Tok::kComma)) break;
          }
          --speculating_;
          if (hard_error()) return false;
          Rewind(m);
        }
        return RaiseRange(e->loc, LastComprehensionItem(generators),
                          "Generator expression must be parenthesized"),
               false;
      }
      if ((seen_keyword || seen_double_star) && CheckInvalid()) {
        // invalid_arguments: a=args ',' args (_PyPegen_arguments_parsing_error)
        return RaiseAtLast(seen_double_star
                               ? "positional argument follows keyword argument unpacking"
                               : "positional argument follows keyword argument"),
               false;
      }
      args->push_back(e);
    }
    prev_arg_end = last_;
    if (!Accept(Tok::kComma)) break;
  }
  return Expect(Tok::kRPar);
}

// param -> NAME annotation?      annotation -> ':' expression
// param_star_annotation -> NAME star_annotation    star_annotation -> ':' star_expression
Arg* Parser::Param(bool annotated, bool star_annotation) {
  size_t start = pos_;
  if (!At(Tok::kName)) return Fail();
  Arg* a = module_->arena.New<Arg>();
  a->arg = Advance().text;
  if (annotated && Accept(Tok::kColon)) {
    a->annotation = star_annotation ? StarExpression() : Expression();
    if (a->annotation == nullptr) return nullptr;
  }
  a->loc = Span(start);
  return a;
}

// params -> invalid_parameters | parameters
// parameters -> slash_no_default param_no_default* param_with_default* [star_etc]
//     | slash_with_default param_with_default* [star_etc]
//     | param_no_default+ param_with_default* [star_etc]
//     | param_with_default+ [star_etc] | star_etc
// star_etc -> '*' param_no_default param_maybe_default* [kwds]
//     | '*' ',' param_maybe_default+ [kwds] | kwds
// kwds -> '**' param_no_default
// (lambda_params: the same without annotations, ending at ':' instead of ')')
Arguments* Parser::Parameters(bool lambda) {
  size_t start = pos_;
  Tok closer = lambda ? Tok::kColon : Tok::kRPar;
  std::vector<Arg*> posonly, args, kwonly;
  std::vector<Expr*> defaults, kw_defaults;
  Arg* vararg = nullptr;
  Arg* kwarg = nullptr;
  bool seen_star = false;
  bool seen_default = false;
  bool any = false;
  const char* follows = "arguments cannot follow var-keyword argument";
  while (!At(closer)) {
    any = true;
    const Token& t = Peek();
    if (kwarg != nullptr) {
      // invalid_kwds: '**' param ',' (param | '*' | '**' | '/')
      if (!CheckInvalid()) return Fail();
      if (t.kind == Tok::kName) {
        Arg* a = Param(!lambda, false);
        return a == nullptr ? nullptr : RaiseAt(a->loc, follows);
      }
      if (t.kind == Tok::kStar || t.kind == Tok::kDoubleStar || t.kind == Tok::kSlash) {
        return RaiseAtToken(t, follows);
      }
      return Fail();
    }
    if (t.kind == Tok::kSlash) {
      if (!CheckInvalid()) return Fail();
      if (seen_star) return RaiseAtToken(t, "/ must be ahead of *");
      if (!posonly.empty()) return RaiseAtToken(t, "/ may appear only once");
      if (args.empty()) {
        if (Kind(1) == Tok::kComma) {
          return RaiseAtToken(t, "at least one argument must precede /");
        }
        return Fail();
      }
      Advance();
      if (At(Tok::kStar)) return RaiseAtToken(Peek(), "expected comma between / and *");
      posonly.swap(args);
    } else if (t.kind == Tok::kStar && seen_star) {
      // invalid_star_etc: '*' (param_no_default | ',') param_maybe_default* a='*'
      //     (param_no_default | ',')   (a second-pass lookahead: the plain parse
      // stops at this '*')
      ++speculating_;
      bool param = Kind(1) == Tok::kName &&
                   (Kind(2) == Tok::kComma || Kind(2) == closer ||
                    (!lambda && Kind(2) == Tok::kColon));
      bool comma = Kind(1) == Tok::kComma;
      --speculating_;
      if (CheckInvalid() && (param || comma)) {
        return RaiseAtToken(t, "* argument may appear only once");
      }
      return Fail();
    } else if (t.kind == Tok::kStar) {
      const Token& star = Advance();
      seen_star = true;
      if (At(closer) ||
          (At(Tok::kComma) && (Kind(1) == closer || Kind(1) == Tok::kDoubleStar))) {
        // invalid_star_etc: '*' (')' | ',' (')' | '**'))
        if (!CheckInvalid()) return Fail();
        if (lambda) return RaiseAtLast("named arguments must follow bare *");
        return RaiseAtToken(star, "named arguments must follow bare *");
      }
      if (!At(Tok::kComma)) {
        vararg = Param(!lambda, /*star_annotation=*/true);
        if (vararg == nullptr) return nullptr;
        if (At(Tok::kEqual)) {
          if (!CheckInvalid()) return Fail();
          return RaiseAtToken(Peek(), "var-positional argument cannot have default value");
        }
      }
    } else if (t.kind == Tok::kDoubleStar) {
      Advance();
      kwarg = Param(!lambda, false);
      if (kwarg == nullptr) return nullptr;
      if (At(Tok::kEqual)) {
        if (!CheckInvalid()) return Fail();
        return RaiseAtToken(Peek(), "var-keyword argument cannot have default value");
      }
    } else if (t.kind == Tok::kLPar && CheckInvalid()) {
      // invalid_parameters: param_no_default* a='(' param_no_default+ ','? b=')'
      Mark m = Save();
      ++speculating_;
      Advance();
      bool match = At(Tok::kName);
      while (match && At(Tok::kName)) {
        match = Param(!lambda, false) != nullptr;
        if (!Accept(Tok::kComma)) break;
      }
      match = match && At(Tok::kRPar);
      const Token& close = Peek();
      --speculating_;
      if (hard_error()) return nullptr;
      Rewind(m);
      if (match && !seen_default && !seen_star) {
        return RaiseRange(TokenRange(t), TokenRange(close),
                          lambda ? "Lambda expression parameters cannot be parenthesized"
                                 : "Function parameters cannot be parenthesized");
      }
      return Fail();
    } else {
      Arg* a = Param(!lambda, false);
      if (a == nullptr) return nullptr;
      Expr* default_value = nullptr;
      if (At(Tok::kEqual)) {
        const Token& equal = Advance();
        if ((At(Tok::kRPar) || At(Tok::kComma)) && CheckInvalid()) {
          // invalid_default: a='=' &(')'|',')
          return RaiseAtToken(equal, "expected default value expression");
        }
        default_value = Expression();
        if (default_value == nullptr) return nullptr;
      }
      if (seen_star) {
        kwonly.push_back(a);
        kw_defaults.push_back(default_value);
      } else {
        if (default_value != nullptr) {
          defaults.push_back(default_value);
          seen_default = true;
        } else if (seen_default) {
          // invalid_parameters: param_no_default* invalid_parameters_helper
          //     a=param_no_default
          if (!CheckInvalid() || !(At(Tok::kComma) || At(closer))) return Fail();
          return RaiseAt(a->loc, "non-default argument follows default argument");
        }
        args.push_back(a);
      }
    }
    if (!Accept(Tok::kComma)) break;
  }
  if (!At(closer)) return Fail();
  Arguments* result = module_->arena.New<Arguments>();
  if (any) result->loc = Span(start);
  result->posonlyargs = MakeList(posonly);
  result->args = MakeList(args);
  result->vararg = vararg;
  result->kwonlyargs = MakeList(kwonly);
  result->kw_defaults = MakeList(kw_defaults);
  result->kwarg = kwarg;
  result->defaults = MakeList(defaults);
  return result;
}

}  // namespace wick::lang::internal
