// Keyword classification and token names (token.h).
#include "lang/internal/token.h"

namespace wick::lang::internal {

Tok KeywordKind(absl::string_view name) {
  // Dispatch on length and first letter: cheaper than hashing every identifier.
  if (name.size() < 2 || name.size() > 8) return Tok::kName;
  switch (name[0]) {
    case 'F': if (name == "False") return Tok::kFalse; break;
    case 'N': if (name == "None") return Tok::kNone; break;
    case 'T': if (name == "True") return Tok::kTrue; break;
    case 'a':
      if (name == "and") return Tok::kAnd;
      if (name == "as") return Tok::kAs;
      if (name == "assert") return Tok::kAssert;
      if (name == "async") return Tok::kAsync;
      if (name == "await") return Tok::kAwait;
      break;
    case 'b': if (name == "break") return Tok::kBreak; break;
    case 'c':
      if (name == "class") return Tok::kClass;
      if (name == "continue") return Tok::kContinue;
      break;
    case 'd':
      if (name == "def") return Tok::kDef;
      if (name == "del") return Tok::kDel;
      break;
    case 'e':
      if (name == "elif") return Tok::kElif;
      if (name == "else") return Tok::kElse;
      if (name == "except") return Tok::kExcept;
      break;
    case 'f':
      if (name == "finally") return Tok::kFinally;
      if (name == "for") return Tok::kFor;
      if (name == "from") return Tok::kFrom;
      break;
    case 'g': if (name == "global") return Tok::kGlobal; break;
    case 'i':
      if (name == "if") return Tok::kIf;
      if (name == "import") return Tok::kImport;
      if (name == "in") return Tok::kIn;
      if (name == "is") return Tok::kIs;
      break;
    case 'l': if (name == "lambda") return Tok::kLambda; break;
    case 'n':
      if (name == "nonlocal") return Tok::kNonlocal;
      if (name == "not") return Tok::kNot;
      break;
    case 'o': if (name == "or") return Tok::kOr; break;
    case 'p': if (name == "pass") return Tok::kPass; break;
    case 'r':
      if (name == "raise") return Tok::kRaise;
      if (name == "return") return Tok::kReturn;
      break;
    case 't': if (name == "try") return Tok::kTry; break;
    case 'w':
      if (name == "while") return Tok::kWhile;
      if (name == "with") return Tok::kWith;
      break;
    case 'y': if (name == "yield") return Tok::kYield; break;
    default:
      break;
  }
  return Tok::kName;
}

absl::string_view TokName(Tok t) {
  static constexpr absl::string_view kNames[] = {
      "ENDMARKER", "NAME", "NUMBER", "STRING", "NEWLINE", "INDENT", "DEDENT",
      "ERRORTOKEN", "'('", "')'", "'['", "']'", "'{'", "'}'", "':'", "','", "';'",
      "'+'", "'-'", "'*'", "'/'", "'|'", "'&'", "'<'", "'>'", "'='", "'.'", "'%'",
      "'=='", "'!='", "'<='", "'>='", "'~'", "'^'", "'<<'", "'>>'", "'**'", "'+='",
      "'-='", "'*='", "'/='", "'%='", "'&='", "'|='", "'^='", "'<<='", "'>>='",
      "'**='", "'//'", "'//='", "'@'", "'@='", "'->'", "'...'", "':='", "OP",
      "'False'", "'None'", "'True'", "'and'", "'as'", "'assert'", "'async'",
      "'await'", "'break'", "'class'", "'continue'", "'def'", "'del'", "'elif'",
      "'else'", "'except'", "'finally'", "'for'", "'from'", "'global'", "'if'",
      "'import'", "'in'", "'is'", "'lambda'", "'nonlocal'", "'not'", "'or'", "'pass'",
      "'raise'", "'return'", "'try'", "'while'", "'with'", "'yield'",
  };
  static_assert(sizeof(kNames) / sizeof(kNames[0]) == static_cast<int>(Tok::kYield) + 1);
  return kNames[static_cast<int>(t)];
}

}  // namespace wick::lang::internal
