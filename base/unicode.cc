// base/unicode.h over ICU's C API.
#include "base/unicode.h"

#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>

#include <string>
#include <vector>

namespace wick::base {

bool IsXidStart(char32_t cp) {
  return cp == '_' || u_hasBinaryProperty(static_cast<UChar32>(cp), UCHAR_XID_START);
}

bool IsXidContinue(char32_t cp) {
  return u_hasBinaryProperty(static_cast<UChar32>(cp), UCHAR_XID_CONTINUE);
}

bool IsPrintable(char32_t cp) {
  if (cp == ' ') return true;
  switch (u_charType(static_cast<UChar32>(cp))) {
    case U_CONTROL_CHAR:
    case U_FORMAT_CHAR:
    case U_SURROGATE:
    case U_PRIVATE_USE_CHAR:
    case U_UNASSIGNED:
    case U_LINE_SEPARATOR:
    case U_PARAGRAPH_SEPARATOR:
    case U_SPACE_SEPARATOR:
      return false;
    default:
      return true;
  }
}

std::string NormalizeNfkc(absl::string_view utf8) {
  bool ascii = true;
  for (char c : utf8) ascii = ascii && static_cast<unsigned char>(c) < 0x80;
  if (ascii) return std::string(utf8);
  UErrorCode status = U_ZERO_ERROR;
  const UNormalizer2* nfkc = unorm2_getNFKCInstance(&status);
  if (U_FAILURE(status)) return std::string(utf8);
  // UTF-8 -> UTF-16 (at most one unit per byte), normalize, back to UTF-8.
  std::vector<UChar> in(utf8.size() + 1);
  int32_t in_len = 0;
  u_strFromUTF8(in.data(), static_cast<int32_t>(in.size()), &in_len, utf8.data(),
                static_cast<int32_t>(utf8.size()), &status);
  if (U_FAILURE(status)) return std::string(utf8);
  // NFKC expands a code point into at most 18 (U+FDFA); retry once with the exact size.
  std::vector<UChar> out(static_cast<size_t>(in_len) * 3 + 16);
  int32_t out_len = unorm2_normalize(nfkc, in.data(), in_len, out.data(),
                                     static_cast<int32_t>(out.size()), &status);
  if (status == U_BUFFER_OVERFLOW_ERROR) {
    status = U_ZERO_ERROR;
    out.resize(static_cast<size_t>(out_len));
    out_len = unorm2_normalize(nfkc, in.data(), in_len, out.data(),
                               static_cast<int32_t>(out.size()), &status);
  }
  if (U_FAILURE(status)) return std::string(utf8);
  std::string result(static_cast<size_t>(out_len) * 3, '\0');
  int32_t result_len = 0;
  u_strToUTF8(result.data(), static_cast<int32_t>(result.size()), &result_len, out.data(),
              out_len, &status);
  if (U_FAILURE(status)) return std::string(utf8);
  result.resize(static_cast<size_t>(result_len));
  return result;
}

}  // namespace wick::base
