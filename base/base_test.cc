#include "gtest/gtest.h"
#include "base/md5.h"
#include "base/source_loc.h"
#include "base/status_macros.h"

namespace wick {
namespace {

absl::StatusOr<int> Half(int x) {
  if (x % 2 != 0) return absl::InvalidArgumentError("odd");
  return x / 2;
}

absl::StatusOr<int> Quarter(int x) {
  ASSIGN_OR_RETURN(int h, Half(x));
  ASSIGN_OR_RETURN(int q, Half(h));
  return q;
}

absl::Status CheckEven(int x) {
  RETURN_IF_ERROR(Half(x).status());
  return absl::OkStatus();
}

TEST(StatusMacros, PropagatesErrorsAndValues) {
  EXPECT_EQ(*Quarter(8), 2);
  EXPECT_EQ(Quarter(6).status().message(), "odd");
  EXPECT_TRUE(CheckEven(4).ok());
  EXPECT_EQ(CheckEven(3).code(), absl::StatusCode::kInvalidArgument);
}

TEST(SourceLoc, Formats) {
  SourceLoc loc{std::make_shared<const std::string>("x.py"), 12, 0};
  EXPECT_EQ(loc.ToString(), "x.py:12");
  loc.column = 5;
  EXPECT_EQ(loc.ToString(), "x.py:12:5");
  EXPECT_EQ(SourceLoc{}.file_name(), "<unknown>");
  EXPECT_FALSE(SourceLoc{}.known());
}

}  // namespace
}  // namespace wick

#include "base/python_error.h"

namespace wick {
namespace {

TEST(PythonError, CarriesTheExceptionType) {
  absl::Status s = TypeError("bad");
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(PythonErrorType(s), "TypeError");
  EXPECT_EQ(PythonErrorType(IndexError("x")), "IndexError");
  EXPECT_EQ(PythonErrorType(absl::InvalidArgumentError("plain")), "RuntimeError");
}

}  // namespace
TEST(Md5Test, KnownDigests) {
  EXPECT_EQ(Md5Hex(""), "d41d8cd98f00b204e9800998ecf8427e");
  EXPECT_EQ(Md5Hex("abc"), "900150983cd24fb0d6963f7d28e17f72");
  EXPECT_EQ(Md5Hex("The quick brown fox jumps over the lazy dog"),
            "9e107d9d372bb6826bd81d3542a419d6");
  // tlparse's test log: a recompile_reasons payload.
  EXPECT_EQ(Md5Hex("[\n\"0/0: tensor 'x' size mismatch at index 0. expected 2, actual 3\"\n]"),
            "93c35e33b81fa4643daba54259316e15");
  // Two 64-byte blocks of padding (a 56-byte message).
  EXPECT_EQ(Md5Hex(std::string(56, 'a')), "3b0c8ac703f828b04c6c197006d17218");
}

}  // namespace wick

#include "base/unicode.h"

namespace wick {
namespace {

TEST(Unicode, IdentifierClassesAreXid) {
  EXPECT_TRUE(base::IsXidStart('_'));
  EXPECT_TRUE(base::IsXidStart(U'é'));
  EXPECT_TRUE(base::IsXidStart(U'ß'));
  EXPECT_TRUE(base::IsXidStart(0x4E2D));     // 中
  EXPECT_FALSE(base::IsXidStart('1'));
  EXPECT_TRUE(base::IsXidContinue('1'));
  EXPECT_FALSE(base::IsXidStart(0x0301));    // a combining accent continues a name only
  EXPECT_TRUE(base::IsXidContinue(0x0301));
  EXPECT_FALSE(base::IsXidContinue(0x20AC));  // €
  EXPECT_FALSE(base::IsXidContinue(0x00A0));  // no-break space
}

TEST(Unicode, NfkcAsCPythonNormalizesIdentifiers) {
  EXPECT_EQ(base::NormalizeNfkc("plain_ascii"), "plain_ascii");
  EXPECT_EQ(base::NormalizeNfkc("\xEF\xAC\x81"), "fi");            // U+FB01 ligature
  EXPECT_EQ(base::NormalizeNfkc("\xF0\x9D\x90\x80"), "A");         // U+1D400 bold A
  EXPECT_EQ(base::NormalizeNfkc("x\xC2\xB2"), "x2");               // superscript two
  EXPECT_EQ(base::NormalizeNfkc("e\xCC\x81"), "\xC3\xA9");         // e + U+0301 -> é
  EXPECT_EQ(base::NormalizeNfkc("\xEF\xB7\xBA").size(), 33u);      // U+FDFA: 18 letters
}

}  // namespace
}  // namespace wick
