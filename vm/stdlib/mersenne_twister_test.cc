// Bit patterns of CPython 3.11's random.Random for several seeds (taken from
// /usr/bin/python3), and SHA-512's published test vector.
#include "vm/stdlib/mersenne_twister.h"

#include <cstdio>
#include <string>

#include "gtest/gtest.h"

namespace wick::vm::random {
namespace {

struct IntCase {
  int64_t seed;
  uint32_t words[3];
  double next;
};

TEST(MersenneTwister, IntSeedsMatchCPython) {
  const IntCase cases[] = {
      {0, {3626764237U, 1654615998U, 3255389356U}, 0.890243920837131},
      {1, {577090037U, 2444712010U, 3639700191U}, 0.8022650611681835},
      {42, {2746317213U, 478163327U, 107420369U}, 0.7415504997598329},
      {12345, {1789368711U, 3146859322U, 43676229U}, 0.8201747225612886},
      {-7, {1390851128U, 4071050724U, 647892279U}, 0.3948234964231735},
      {1099511627779LL, {943978446U, 261273136U, 2359950418U}, 0.8337623036996417},
  };
  for (const IntCase& c : cases) {
    MersenneTwister mt;
    mt.SeedInt(c.seed);
    for (uint32_t w : c.words) EXPECT_EQ(mt.Next32(), w) << c.seed;
    EXPECT_EQ(mt.NextDouble(), c.next) << c.seed;
  }
}

TEST(MersenneTwister, StrSeedsMatchCPython) {
  struct StrCase {
    const char* seed;
    uint32_t words[3];
  };
  const StrCase cases[] = {
      {"hello", {1519453933U, 3618488475U, 2848416207U}},
      {"", {4124137760U, 1951988028U, 2557274880U}},
      {"h\xc3\xa9llo", {56709863U, 1136386555U, 3590047986U}},
  };
  for (const StrCase& c : cases) {
    MersenneTwister mt;
    mt.SeedStr(c.seed);
    for (uint32_t w : c.words) EXPECT_EQ(mt.Next32(), w) << c.seed;
  }
}

TEST(MersenneTwister, GetRandBitsMatchesCPython) {
  MersenneTwister mt;
  mt.SeedInt(5);
  EXPECT_EQ(mt.GetRandBits(40), 281848216645ULL);
  EXPECT_EQ(mt.GetRandBits(64), 6613812840851947673ULL);
  EXPECT_EQ(mt.GetRandBits(1), 1U);
}

TEST(Sha512, Abc) {
  std::array<uint8_t, 64> d = Sha512("abc");
  std::string hex;
  for (int i = 0; i < 16; ++i) {
    char buf[3];
    std::snprintf(buf, sizeof buf, "%02x", d[i]);
    hex += buf;
  }
  EXPECT_EQ(hex, "ddaf35a193617abacc417349ae204131");
}

}  // namespace
}  // namespace wick::vm::random
